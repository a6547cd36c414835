import { describe, expect, it } from 'vitest';
import { accountText, productName, rowsOf, stateName } from './prospect-rows.ts';

describe('a prospect in words', () => {
  it('names the product, not its id', () => {
    expect(productName({ producto: 'credinstante' })).toBe('Credinstante');
    expect(productName({ producto: 'moto-honda' })).toBe('Moto Honda');
    expect(productName({ producto: 'taxi' })).toBe('Taxi profesional');
    expect(productName({ producto: 'nuevo-producto' })).toBe('nuevo-producto');
  });

  it('a signed credit is not an application in process; every lead state the service sets has words', () => {
    expect(stateName({ producto: 'credinstante', estado: '10' })).toBe(
      'Contrato firmado, crédito por activar',
    );
    expect(stateName({ producto: 'celulares', estado: '11' })).toBe('Crédito activo');
    for (const estado of ['0', '1', '2', '4', '10', '11', '12', '-1', '-5', '-6', '90', '92'])
      expect(stateName({ producto: 'credinstante', estado }), estado).not.toMatch(/^Estado /);
    expect(stateName({ producto: 'moto', estado: '25' })).toBe('Preaprobado');
  });

  it('names a GNV conversion by the route it was applied on, and its conversion status in words', () => {
    expect(productName({ producto: 'autoclass' })).toBe('Conversiones GNV');
    expect(productName({ producto: 'campanaconversiones' })).toBe('Campaña de conversiones');
    expect(stateName({ producto: 'conversion', estado: '18' })).toBe('Oferta disponible');
    expect(stateName({ producto: 'autoclass', estado: '22' })).toBe('Crédito activado');
    // Any other conversion status is a request in process, not a vehicle state.
    expect(stateName({ producto: 'campanaconversiones', estado: '25' })).toBe('Solicitud en proceso');
  });

  it('reads the rows of a listar/prospectos answer', () => {
    const rows = rowsOf({
      result: {
        js_resdat: [
          {
            codigoProspecto: 7,
            producto: 'celulares',
            documento: '45678912',
            estadoProspecto: 4,
            fechaRegistro: '2027-11-25T15:00:00Z',
            nombreUsuario: 'promotor1',
          },
        ],
      },
    });
    expect(rows).toMatchObject([{ id: '7', producto: 'celulares', estado: '4', registradoPor: 'promotor1' }]);
    expect(rowsOf({ result: {} })).toEqual([]);
  });

  it('shows the disbursement account masked, with the date it was changed on /cambiarcuenta', () => {
    const account = (cambiadaEn: string | null) => ({
      entidadBancaria: '002',
      nombreEntidadBancaria: 'Banco de Crédito del Perú (BCP)',
      tipoCuenta: 1,
      cuenta: '****8250',
      cambiadaEn,
    });
    const [changed, first, none] = rowsOf({
      result: {
        js_resdat: [
          { codigoProspecto: 7, producto: 'credinstante', cuentaDesembolso: account('2026-11-27T15:00:00Z') },
          { codigoProspecto: 8, producto: 'credinstante', cuentaDesembolso: account(null) },
          { codigoProspecto: 9, producto: 'moto' },
        ],
      },
    });
    expect(accountText(changed!)).toBe('Banco de Crédito del Perú (BCP) ****8250, cambiada el 27/11/2026');
    expect(accountText(first!)).toBe('Banco de Crédito del Perú (BCP) ****8250');
    expect(none!.cuenta).toBeNull();
    expect(accountText(none!)).toBe('—');
  });
});
