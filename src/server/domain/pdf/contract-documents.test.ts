import { describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { simulate } from '../../../engine/credit-math.ts';
import { renderContractDocument, type CreditDocumentData } from './contract-documents.ts';
import { CONTRACT_DOCUMENTS } from '../lde/documents.ts';

const data: CreditDocumentData = {
  codigoProspecto: 123456789,
  producto: 'credinstante',
  fecha: '2026-03-02',
  titular: {
    nombres: 'María Rosa',
    apellidos: 'Quispe Flores',
    tipoDocumento: 'DNI',
    documento: '45678912',
    telefono: '987654321',
    email: 'maria@example.pe',
    direccion: 'Av. Perú 123',
    placa: 'ABC-123',
  },
  credito: {
    monto: 10_000,
    plazo: 12,
    tea: 0.6,
    tasaMoratoria: 0.14,
    desgravamenMensual: 0.0008,
    aseguradora: 'Rímac Seguros y Reaseguros',
    poliza: 'DESG-LDE-2026-0001',
    factorRecaudo: 0.01,
    simulacion: simulate({
      amount: 10_000,
      tea: 0.6,
      months: 12,
      desgravamenMonthly: 0.0008,
      rateCapTea: 1.1316,
      firstDate: '2026-03-02',
    }),
  },
  banco: { entidad: 'BCP', cci: '00219111357545808250' },
};

async function textOf(pdf: Buffer): Promise<string> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { text } = await extractText(proxy, { mergePages: true });
  return text;
}

describe('contract documents', () => {
  it('the summary sheet reads back with the TEA, TCEA, instalment, insurer and the right to endorse', async () => {
    const text = await textOf(await renderContractDocument('hojaResumen', data));
    expect(text).toContain('Hoja resumen');
    expect(text).toContain('60.00%'); // TEA
    expect(text).toContain('61.48%'); // TCEA with desgravamen (DOMAIN.md vector)
    expect(text).toContain('S/ 1,073.18'); // first instalment: 1,065.18 + 8.00 desgravamen
    expect(text).toContain('María Rosa Quispe Flores');
    expect(text).toContain('Rímac Seguros');
    expect(text).toContain('Emitido el 02/03/2026');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toMatch(/derecho a endosar/);
    expect(text).toMatch(/más de dos cuotas/);
  });

  it('every document renders as a PDF with its own title', async () => {
    for (const d of CONTRACT_DOCUMENTS) {
      const pdf = await renderContractDocument(d.tipo, data);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await textOf(pdf)).toContain(d.titulo);
    }
  });

  it('the FR activation letter states the collection factor as a percentage', async () => {
    expect(await textOf(await renderContractDocument('cartaActivacionFr', data))).toContain('1.00%');
  });
});
