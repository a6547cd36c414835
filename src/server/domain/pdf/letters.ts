/**
 * Approval and pre-approval letters of the vehicle, consumer and taxi products, as real PDFs.
 * Every figure comes from the application's stored simulation: the applicant's name and DNI,
 * the amount financed, the term, the instalment and the TEA (with the TCEA beside it, as the
 * SBS disclosure rules ask whenever a rate is shown).
 */
import PDFDocument from 'pdfkit';

/** Which letter: the variant decides the title and the closing paragraph. */
export type LetterKind =
  | 'consumo-preaprobacion'
  | 'consumo-aprobacion'
  | 'seminuevo-express'
  | 'seminuevo-tradicional'
  | 'moto-aprobacion'
  | 'moto-preaprobacion'
  | 'moto-no-bancarizado'
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
}

const TITLES: Readonly<Record<LetterKind, string>> = {
  'consumo-preaprobacion': 'Carta de pre-aprobación de crédito',
  'consumo-aprobacion': 'Carta de aprobación de crédito',
  'seminuevo-express': 'Carta de aprobación de crédito vehicular seminuevo - evaluación exprés',
  'seminuevo-tradicional': 'Carta de aprobación de crédito vehicular seminuevo - evaluación tradicional',
  'moto-aprobacion': 'Carta de aprobación de crédito para moto',
  'moto-preaprobacion': 'Carta de pre-aprobación de crédito para moto',
  'moto-no-bancarizado': 'Carta de aprobación de crédito para moto - cliente sin historial bancario',
  taxi: 'Carta de aprobación de crédito vehicular - taxi',
  'taxi-emprendedor': 'Carta de aprobación de crédito vehicular - taxi emprendedor',
  mototaxi: 'Carta de aprobación de crédito - mototaxi',
  motofurgon: 'Carta de aprobación de crédito - motofurgón',
};

/** Whether the variant is a pre-approval (conditions still to be confirmed). */
export function isPreApproval(kind: LetterKind): boolean {
  return kind === 'consumo-preaprobacion' || kind === 'moto-preaprobacion' || kind === 'seminuevo-express';
}

const soles = (n: number): string => `S/ ${n.toLocaleString('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const pct = (n: number): string => `${(n * 100).toLocaleString('es-PE', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;

/** The letter's closing paragraph by variant. */
function closing(d: LetterData): string {
  if (isPreApproval(d.kind)) {
    return `Esta pre-aprobación está sujeta a la verificación de sus documentos y de la información declarada. Tiene una vigencia de ${d.vigenciaDias} días desde su emisión.`;
  }
  if (d.kind === 'moto-no-bancarizado') {
    return `Al ser su primer crédito en el sistema financiero, el desembolso se realiza directamente al concesionario contra la entrega de la moto. Esta carta tiene una vigencia de ${d.vigenciaDias} días.`;
  }
  if (d.kind === 'taxi' || d.kind === 'taxi-emprendedor' || d.kind === 'mototaxi' || d.kind === 'motofurgon') {
    return `El crédito incluye el SOAT del vehículo y el seguro de desgravamen. Presente esta carta en el concesionario para coordinar la entrega. Vigencia: ${d.vigenciaDias} días.`;
  }
  return `Presente esta carta en el concesionario o en nuestras oficinas para continuar con el desembolso. Vigencia: ${d.vigenciaDias} días.`;
}

/** Renders the letter; resolves with the PDF bytes. */
export function renderLetter(d: LetterData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: TITLES[d.kind], Author: 'Financiera', Subject: `Prospecto ${d.codigoProspecto}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica').fontSize(10).text(`Lima, ${d.fecha}`, { align: 'right' });
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(15).text(TITLES[d.kind], { align: 'center' });
    doc.moveDown(1.5);
    doc.font('Helvetica').fontSize(11);
    doc.text('Señor(a):');
    doc.font('Helvetica-Bold').text(d.nombre);
    doc.font('Helvetica').text(`DNI: ${d.documento}`);
    doc.moveDown();
    const verb = isPreApproval(d.kind) ? 'ha sido pre-aprobada' : 'ha sido aprobada';
    doc.text(`Nos complace comunicarle que su solicitud de crédito ${d.producto} N.° ${d.codigoProspecto} ${verb} con las siguientes condiciones:`, { align: 'justify' });
    doc.moveDown();

    const rows: [string, string][] = [
      ['Importe a financiar', soles(d.importeFinanciar)],
      ['Plazo', `${d.plazo} meses`],
      ['Cuota mensual', soles(d.cuota)],
      ['Tasa efectiva anual (TEA, base 360 días)', pct(d.tea)],
      ['Tasa de costo efectivo anual (TCEA)', pct(d.tcea)],
    ];
    if (d.vehiculo) rows.push(['Vehículo', d.vehiculo]);
    if (d.placa) rows.push(['Placa', d.placa]);
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
    doc.fontSize(9).text(
      'La cuota incluye el seguro de desgravamen calculado sobre el saldo. Usted tiene derecho a endosar una póliza propia. Los pagos anticipados de más de dos cuotas reducen el capital. Información conforme al Reglamento de Gestión de Conducta de Mercado del Sistema Financiero (Res. SBS 3274-2017).',
      { align: 'justify' },
    );
    doc.moveDown(3);
    doc.fontSize(11).text('Atentamente,');
    doc.font('Helvetica-Bold').text('Área de Créditos Vehiculares y de Consumo');
    doc.end();
  });
}
