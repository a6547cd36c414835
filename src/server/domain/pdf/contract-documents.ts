/**
 * The eight contract documents of an instant credit, as real PDFs with the applicant's data
 * and the credit's figures (SBS market-conduct rules, Res. SBS 3274-2017: the summary sheet
 * states the fixed TEA on a 360-day base, the TCEA, total interest, term, late-payment rate,
 * the desgravamen insurer, policy and premium with the right to endorse one's own policy,
 * and the early-payment rules, with the schedule attached).
 */
import type { Simulation } from '../../../engine/credit-math.ts';
import type { ContractDocumentKind } from '../lde/documents.ts';
import { documentTitle } from '../lde/documents.ts';
import { pct, renderPdf, soles, type PdfWriter } from './pdf-doc.ts';

/** Everything a document may print. */
export interface CreditDocumentData {
  codigoProspecto: number;
  producto: 'credinstante' | 'celulares' | 'moto' | 'consumo';
  /** `YYYY-MM-DD` of issue. */
  fecha: string;
  titular: { nombres: string; apellidos: string; tipoDocumento: string; documento: string; telefono: string; email: string | null; direccion: string | null; placa: string | null };
  credito: {
    monto: number;
    plazo: number;
    tea: number;
    tasaMoratoria: number;
    desgravamenMensual: number;
    aseguradora: string;
    poliza: string;
    factorRecaudo: number;
    simulacion: Simulation;
  };
  banco: { entidad: string | null; cci: string | null } | null;
}

const LENDER = 'la Entidad Financiera';

const PRODUCT_NAMES: Record<CreditDocumentData['producto'], string> = { credinstante: 'Credinstante', celulares: 'Celulares', moto: 'Crédito para moto', consumo: 'Préstamo de consumo' };

function header(w: PdfWriter, d: CreditDocumentData, kind: ContractDocumentKind): void {
  w.title(documentTitle(kind), `Solicitud N.° ${d.codigoProspecto} · ${PRODUCT_NAMES[d.producto]} · Emitido el ${d.fecha}`);
  w.rows([
    ['Titular', `${d.titular.nombres} ${d.titular.apellidos}`],
    [d.titular.tipoDocumento, d.titular.documento],
  ]);
}

function scheduleTable(w: PdfWriter, d: CreditDocumentData): void {
  w.table(
    ['N.°', 'Vencimiento', 'Capital', 'Interés', 'Desgravamen', 'Cuota', 'Saldo'],
    d.credito.simulacion.schedule.map((r) => [String(r.period), r.date ?? '', soles(r.principal), soles(r.interest), soles(r.desgravamen), soles(r.instalment), soles(r.balance)]),
    [4, 10, 10, 10, 10, 10, 11],
  );
}

const builders: Record<ContractDocumentKind, (w: PdfWriter, d: CreditDocumentData) => void> = {
  hojaResumen: (w, d) => {
    const c = d.credito;
    const s = c.simulacion;
    w.heading('Condiciones del crédito');
    w.rows([
      ['Monto del préstamo', soles(c.monto)],
      ['Plazo', `${c.plazo} meses`],
      ['Tasa de Costo Efectiva Anual (TCEA)', pct(s.tcea)],
      ['Tasa Efectiva Anual (TEA) fija, año de 360 días', pct(c.tea)],
      ['Tasa Efectiva Mensual (TEM)', pct(s.tem, 4)],
      ['Cuota mensual', soles(s.instalment)],
      ['Total de intereses', soles(s.totalInterest)],
      ['Total de seguro de desgravamen', soles(s.totalDesgravamen)],
      ['Total a pagar', soles(s.totalPaid)],
      ['Tasa moratoria (efectiva anual, sobre la cuota vencida)', pct(c.tasaMoratoria)],
    ]);
    w.heading('Seguro de desgravamen');
    w.rows([
      ['Compañía de seguros', c.aseguradora],
      ['Póliza', c.poliza],
      ['Prima mensual', `${pct(c.desgravamenMensual, 3)} del saldo del préstamo`],
    ]);
    w.paragraph(
      'Usted tiene derecho a endosar una póliza de seguro de desgravamen contratada por su cuenta, siempre que cumpla las coberturas exigidas; en ese caso no se cobrará la prima indicada.',
    );
    w.heading('Pagos anticipados y adelanto de cuotas');
    w.paragraph(
      'Puede pagar por adelantado en cualquier momento, sin penalidades. Si paga más de dos cuotas, el pago se aplica al capital y usted elige entre reducir el número de cuotas o el monto de la cuota. Si paga dos cuotas o menos, el pago cubre las cuotas inmediatas siguientes.',
    );
    w.paragraph('La TCEA incluye intereses y seguro de desgravamen; no incluye el Impuesto a las Transacciones Financieras (ITF, 0.005%).');
    w.heading('Cronograma de pagos (anexo)');
    scheduleTable(w, d);
    w.signature([`${d.titular.nombres} ${d.titular.apellidos}`]);
  },
  solicitudCredito: (w, d) => {
    w.heading('Datos del solicitante');
    w.rows([
      ['Celular', d.titular.telefono],
      ['Correo electrónico', d.titular.email ?? '—'],
      ['Dirección', d.titular.direccion ?? '—'],
      ['Placa del vehículo', d.titular.placa ?? '—'],
    ]);
    w.heading('Crédito solicitado');
    w.rows([
      ['Monto', soles(d.credito.monto)],
      ['Plazo', `${d.credito.plazo} meses`],
      ['Cuota', soles(d.credito.simulacion.instalment)],
    ]);
    w.paragraph('Declaro que la información proporcionada es verdadera y autorizo su verificación, así como la consulta de mi información en centrales de riesgo.');
    w.signature([`${d.titular.nombres} ${d.titular.apellidos}`]);
  },
  contrato: (w, d) => {
    const c = d.credito;
    w.paragraph(
      `Conste por el presente documento el contrato de préstamo que celebran ${LENDER} y ${d.titular.nombres} ${d.titular.apellidos}, identificado con ${d.titular.tipoDocumento} N.° ${d.titular.documento} (el CLIENTE), en los términos siguientes:`,
    );
    w.paragraph(`PRIMERA. ${LENDER} otorga al CLIENTE un préstamo de ${soles(c.monto)}, que será desembolsado a la cuenta indicada por el CLIENTE.`);
    w.paragraph(`SEGUNDA. El CLIENTE devolverá el préstamo en ${c.plazo} cuotas mensuales de ${soles(c.simulacion.instalment)}, a una TEA fija de ${pct(c.tea)} (año de 360 días) y una TCEA de ${pct(c.simulacion.tcea)}.`);
    w.paragraph(`TERCERA. El incumplimiento de pago genera intereses moratorios a una tasa efectiva anual de ${pct(c.tasaMoratoria)} sobre la cuota vencida.`);
    w.paragraph('CUARTA. El CLIENTE puede realizar pagos anticipados y adelantos de cuotas sin penalidad, según lo indicado en la Hoja Resumen, que forma parte de este contrato.');
    w.paragraph('QUINTA. El CLIENTE firma este contrato electrónicamente con el código enviado a su celular, con el mismo valor que su firma manuscrita.');
    w.signature([LENDER, `${d.titular.nombres} ${d.titular.apellidos}`]);
  },
  cronograma: (w, d) => {
    w.rows([
      ['Monto', soles(d.credito.monto)],
      ['TEA', pct(d.credito.tea)],
      ['TCEA', pct(d.credito.simulacion.tcea)],
    ]);
    scheduleTable(w, d);
  },
  cartaInstruccion: (w, d) => {
    w.paragraph(
      `Por medio de la presente, yo, ${d.titular.nombres} ${d.titular.apellidos}, instruyo de manera irrevocable a ${LENDER} para que el desembolso del préstamo de ${soles(d.credito.monto)} se abone en la cuenta ${d.banco?.cci ?? 'que registre'}${d.banco?.entidad ? ` del banco ${d.banco.entidad}` : ''}, y para que los pagos recaudados se apliquen a las cuotas de mi crédito.`,
    );
    w.signature([`${d.titular.nombres} ${d.titular.apellidos}`]);
  },
  convenioCanalizacion: (w, d) => {
    w.paragraph(
      `El CLIENTE y ${LENDER} acuerdan que las cuotas del préstamo (${soles(d.credito.simulacion.instalment)} mensuales) se canalizarán a través de los medios de recaudo autorizados, y que los montos recaudados se aplicarán primero a gastos y seguros, luego a intereses y finalmente a capital.`,
    );
    w.signature([LENDER, `${d.titular.nombres} ${d.titular.apellidos}`]);
  },
  cartaAutorizacionCargo: (w, d) => {
    w.paragraph(
      `Autorizo a ${LENDER} a cargar en mi cuenta ${d.banco?.cci ?? 'registrada'} el importe de las cuotas de mi préstamo en sus fechas de vencimiento, y cualquier saldo vencido, hasta la cancelación total del crédito.`,
    );
    w.signature([`${d.titular.nombres} ${d.titular.apellidos}`]);
  },
  cartaActivacionFr: (w, d) => {
    const fr = d.credito.factorRecaudo * 100;
    w.paragraph(
      `Autorizo la activación del Factor de Recaudo (FR) de ${fr.toFixed(2)}% en el Sistema de Control de Carga de GNV para el vehículo de placa ${d.titular.placa ?? '—'}: en cada carga de GNV se recaudará ese porcentaje y se aplicará al pago de las cuotas de mi préstamo, hasta su cancelación total.`,
    );
    w.rows([
      ['Factor de Recaudo (FR)', `${fr.toFixed(2)}%`],
      ['Placa', d.titular.placa ?? '—'],
      ['Cuota de referencia', soles(d.credito.simulacion.instalment)],
    ]);
    w.signature([`${d.titular.nombres} ${d.titular.apellidos}`]);
  },
};

/** Renders one document of `kind` for `data`. */
export function renderContractDocument(kind: ContractDocumentKind, data: CreditDocumentData): Promise<Buffer> {
  return renderPdf(documentTitle(kind), (w) => {
    header(w, data, kind);
    builders[kind](w, data);
  });
}
