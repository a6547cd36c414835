/**
 * Approval and pre-approval letters of the vehicle, consumer and taxi products, as real PDFs.
 * Every figure comes from the application's stored simulation: the applicant's name and DNI,
 * the amount financed, the term, the instalment and the TEA (with the TCEA beside it, as the
 * SBS disclosure rules ask whenever a rate is shown).
 */
import { peruDate } from '../../../engine/peru-date.ts';
import PDFDocument from 'pdfkit';
import { text } from '../../texts.ts';
import { soles } from './pdf-doc.ts';

/** Which letter: the variant decides the title and the closing paragraph. */
export type LetterKind =
  | 'consumo-preaprobacion'
  | 'consumo-aprobacion'
  | 'seminuevo-express'
  | 'seminuevo-tradicional'
  | 'moto-aprobacion'
  | 'moto-preaprobacion'
  | 'moto-no-bancarizado'
  | 'ld-bancarizador'
  | 'taxi'
  | 'taxi-emprendedor'
  | 'mototaxi'
  | 'motofurgon';

/** The data a letter prints. */
export interface LetterData {
  kind: LetterKind;
  /** Full name as the ID registry writes it. */
  nombre: string;
  documento: string;
  producto: string;
  codigoProspecto: number;
  importeFinanciar: number;
  plazo: number;
  cuota: number;
  /** Fractions (0.55 = 55 %). */
  tea: number;
  tcea: number;
  /** `YYYY-MM-DD` of issue (the service clock). */
  fecha: string;
  vehiculo?: string;
  placa?: string | null;
  /** Days the offer stays valid. */
  vigenciaDias: number;
  /** The office the loan is paid out at, and its address (LD-Bancarizador). */
  oficina?: { nombre: string; direccion: string };
}

/** The letter's title (`pdf.carta.titulo.<kind>`). */
const title = (kind: LetterKind): string => text(`pdf.carta.titulo.${kind}`);

/** Whether the variant is a pre-approval (conditions still to be confirmed). */
export function isPreApproval(kind: LetterKind): boolean {
  return kind === 'consumo-preaprobacion' || kind === 'moto-preaprobacion' || kind === 'seminuevo-express';
}

const pct = (n: number): string =>
  `${(n * 100).toLocaleString('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

/** The letter's closing paragraph by variant. */
function closing(d: LetterData): string {
  const vars = { vigenciaDias: d.vigenciaDias };
  if (isPreApproval(d.kind)) return text('pdf.carta.cierre.preaprobacion', vars);
  if (d.kind === 'moto-no-bancarizado') return text('pdf.carta.cierre.noBancarizado', vars);
  if (d.kind === 'ld-bancarizador')
    return text('pdf.carta.cierre.ldBancarizador', {
      ...vars,
      oficina: d.oficina?.nombre ?? '',
      direccion: d.oficina?.direccion ?? '',
    });
  if (
    d.kind === 'taxi' ||
    d.kind === 'taxi-emprendedor' ||
    d.kind === 'mototaxi' ||
    d.kind === 'motofurgon'
  ) {
    return text('pdf.carta.cierre.conSoat', vars);
  }
  return text('pdf.carta.cierre.general', vars);
}

/** Renders the letter; resolves with the PDF bytes. */
export function renderLetter(d: LetterData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: {
        Title: title(d.kind),
        Author: text('pdf.carta.autor'),
        Subject: text('pdf.carta.asunto', { codigoProspecto: d.codigoProspecto }),
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc
      .font('Helvetica')
      .fontSize(10)
      .text(text('pdf.carta.lugarFecha', { fecha: peruDate(d.fecha) }), { align: 'right' });
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(15).text(title(d.kind), { align: 'center' });
    doc.moveDown(1.5);
    doc.font('Helvetica').fontSize(11);
    doc.text(text('pdf.carta.saludo'));
    doc.font('Helvetica-Bold').text(d.nombre);
    doc.font('Helvetica').text(text('pdf.carta.dni', { documento: d.documento }));
    doc.moveDown();
    const intro = isPreApproval(d.kind) ? 'pdf.carta.intro.preaprobada' : 'pdf.carta.intro.aprobada';
    doc.text(text(intro, { producto: d.producto, codigoProspecto: d.codigoProspecto }), { align: 'justify' });
    doc.moveDown();

    const rows: [string, string][] = [
      [text('pdf.carta.importeFinanciar'), soles(d.importeFinanciar)],
      [text('pdf.carta.plazo'), text('pdf.plazoMeses', { plazo: d.plazo })],
      [text('pdf.carta.cuota'), soles(d.cuota)],
      [text('pdf.carta.tea'), pct(d.tea)],
      [text('pdf.carta.tcea'), pct(d.tcea)],
    ];
    if (d.vehiculo) rows.push([text('pdf.carta.vehiculo'), d.vehiculo]);
    if (d.placa) rows.push([text('pdf.carta.placa'), d.placa]);
    if (d.oficina) rows.push([text('pdf.carta.oficina'), d.oficina.nombre]);
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.font('Helvetica').text(label, 72, y, { width: 280 });
      doc.font('Helvetica-Bold').text(value, 360, y, { width: 180, align: 'right' });
      doc.moveDown(0.4);
    }
    doc.x = 56;
    doc.moveDown();
    doc.font('Helvetica').text(closing(d), { align: 'justify' });
    doc.moveDown();
    doc.fontSize(9).text(text('pdf.carta.notaLegal'), { align: 'justify' });
    doc.moveDown(3);
    doc.fontSize(11).text(text('pdf.carta.despedida'));
    doc.font('Helvetica-Bold').text(text('pdf.carta.firma'));
    doc.end();
  });
}
