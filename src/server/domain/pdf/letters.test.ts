import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { isPreApproval, renderLetter, type LetterData, type LetterKind } from './letters.ts';

const base: LetterData = {
  kind: 'consumo-aprobacion',
  nombre: 'María Elena Quispe Rojas',
  documento: '45678912',
  producto: 'Consumo',
  codigoProspecto: 321,
  importeFinanciar: 8000,
  plazo: 24,
  cuota: 567.89,
  tea: 0.55,
  tcea: 0.5712,
  fecha: '2026-03-02',
  vigenciaDias: 30,
};

async function textOf(d: LetterData): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await renderLetter(d)));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('approval letters', () => {
  it('prints the applicant, the DNI and every figure of the simulation', async () => {
    const t = await textOf(base);
    expect(t).toContain('María Elena Quispe Rojas');
    expect(t).toContain('DNI: 45678912');
    expect(t).toContain('S/ 8,000.00');
    expect(t).toContain('24 meses');
    expect(t).toContain('S/ 567.89');
    expect(t).toContain('55.00 %');
    expect(t).toContain('57.12 %');
    expect(t).toContain('N.° 321 ha sido aprobada');
    // Dated as applicants read dates, not as the service stores them.
    expect(t).toContain('Lima, 02/03/2026');
    expect(t).not.toContain('2026-03-02');
  });

  it.each([
    ['consumo-preaprobacion', 'Carta de pre-aprobación de crédito', 'ha sido pre-aprobada'],
    ['seminuevo-express', 'evaluación exprés', 'ha sido pre-aprobada'],
    ['seminuevo-tradicional', 'evaluación tradicional', 'ha sido aprobada'],
    ['moto-preaprobacion', 'pre-aprobación de crédito para moto', 'ha sido pre-aprobada'],
    ['moto-no-bancarizado', 'sin historial bancario', 'directamente al concesionario'],
    ['taxi', 'crédito vehicular - taxi', 'SOAT del vehículo'],
    ['taxi-emprendedor', 'taxi emprendedor', 'SOAT del vehículo'],
    ['mototaxi', 'mototaxi', 'SOAT del vehículo'],
    ['motofurgon', 'motofurgón', 'SOAT del vehículo'],
  ] as [LetterKind, string, string][])(
    'the %s variant has its own title and wording',
    async (kind, title, wording) => {
      const t = await textOf({ ...base, kind, vehiculo: 'Etios', placa: 'B7K-245' });
      expect(t).toContain(title);
      expect(t).toContain(wording);
      expect(t).toContain('Etios');
    },
  );

  it('tells pre-approvals from approvals', () => {
    expect(isPreApproval('consumo-preaprobacion')).toBe(true);
    expect(isPreApproval('consumo-aprobacion')).toBe(false);
  });
});
