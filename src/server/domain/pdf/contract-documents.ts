/**
 * The eight contract documents of an instant credit, as real PDFs with the applicant's data
 * and the credit's figures (SBS market-conduct rules, Res. SBS 3274-2017: the summary sheet
 * states the fixed TEA on a 360-day base, the TCEA, total interest, term, late-payment rate,
 * the desgravamen insurer, policy and premium with the right to endorse one's own policy,
 * and the early-payment rules, with the schedule attached).
 */
import { peruDate } from '../../../engine/peru-date.ts';
import type { Simulation } from '../../../engine/credit-math.ts';
import type { ContractDocumentKind } from '../lde/documents.ts';
import { documentTitle } from '../lde/documents.ts';
import { text } from '../../texts.ts';
import { pct, renderPdf, soles, type PdfWriter } from './pdf-doc.ts';
import type { CustomerProduct } from '../customers/products.ts';

/** Everything a document may print. */
export interface CreditDocumentData {
  codigoProspecto: number;
  producto: 'credinstante' | 'celulares' | 'moto' | 'consumo' | 'seminuevo' | 'conversion' | CustomerProduct;
  /** `YYYY-MM-DD` of issue. */
  fecha: string;
  titular: {
    nombres: string;
    apellidos: string;
    tipoDocumento: string;
    documento: string;
    telefono: string;
    email: string | null;
    direccion: string | null;
    placa: string | null;
  };
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
  /**
   * Where an existing customer's new credit goes: the balance of the current credit it pays
   * off (renewal, extra cash), the other institution's debt it pays (debt purchase), the
   * cash the customer receives and, for FAE MYPE, the business it finances.
   */
  destino?: {
    saldoCancelado: number;
    deuda: { entidad: string; monto: number } | null;
    efectivo: number;
    /** FAE MYPE: the business the credit finances (RUC and activity, as the catalogue names it). */
    negocio?: { ruc: string; actividad: string } | null;
  };
}

/** The rows of {@link CreditDocumentData.destino}, when the credit has one. */
function destinationRows(w: PdfWriter, d: CreditDocumentData): void {
  const t = d.destino;
  if (!t) return;
  w.heading(text('pdf.destino.titulo'));
  w.rows([
    ...(t.saldoCancelado > 0
      ? [[text('pdf.destino.saldoCancelado'), soles(t.saldoCancelado)] as [string, string]]
      : []),
    ...(t.deuda
      ? [
          [text('pdf.destino.entidadDeuda'), t.deuda.entidad] as [string, string],
          [text('pdf.destino.montoDeuda'), soles(t.deuda.monto)] as [string, string],
        ]
      : []),
    [text('pdf.destino.efectivo'), soles(t.efectivo)],
    ...(t.negocio
      ? [
          [text('pdf.destino.ruc'), t.negocio.ruc] as [string, string],
          [text('pdf.destino.actividad'), t.negocio.actividad] as [string, string],
        ]
      : []),
  ]);
}

/** The lender as the documents name it. */
const lender = (): string => text('pdf.prestamista');

/** The holder's full name. */
const holder = (d: CreditDocumentData): string => `${d.titular.nombres} ${d.titular.apellidos}`;

/** The term in months. */
const months = (plazo: number): string => text('pdf.plazoMeses', { plazo });

/** Printed where a field has no value. */
const NONE = '—';

function header(w: PdfWriter, d: CreditDocumentData, kind: ContractDocumentKind): void {
  w.title(
    documentTitle(kind),
    text('pdf.documento.subtitulo', {
      codigoProspecto: d.codigoProspecto,
      producto: text(`pdf.producto.${d.producto}`),
      fecha: peruDate(d.fecha),
    }),
  );
  w.rows([
    [text('pdf.documento.titular'), holder(d)],
    [d.titular.tipoDocumento, d.titular.documento],
  ]);
}

/** Columns of the payment schedule, in order. */
const SCHEDULE_COLUMNS = [
  'numero',
  'vencimiento',
  'capital',
  'interes',
  'desgravamen',
  'cuota',
  'saldo',
] as const;

function scheduleTable(w: PdfWriter, d: CreditDocumentData): void {
  w.table(
    SCHEDULE_COLUMNS.map((c) => text(`pdf.cronograma.columna.${c}`)),
    d.credito.simulacion.schedule.map((r) => [
      String(r.period),
      peruDate(r.date ?? ''),
      soles(r.principal),
      soles(r.interest),
      soles(r.desgravamen),
      soles(r.instalment),
      soles(r.balance),
    ]),
    [4, 10, 10, 10, 10, 10, 11],
  );
}

const builders: Record<ContractDocumentKind, (w: PdfWriter, d: CreditDocumentData) => void> = {
  hojaResumen: (w, d) => {
    const c = d.credito;
    const s = c.simulacion;
    w.heading(text('pdf.hojaResumen.condiciones'));
    w.rows([
      [text('pdf.hojaResumen.monto'), soles(c.monto)],
      [text('pdf.hojaResumen.plazo'), months(c.plazo)],
      [text('pdf.hojaResumen.tcea'), pct(s.tcea)],
      [text('pdf.hojaResumen.tea'), pct(c.tea)],
      [text('pdf.hojaResumen.tem'), pct(s.tem, 4)],
      [text('pdf.hojaResumen.cuota'), soles(s.instalment)],
      [text('pdf.hojaResumen.totalIntereses'), soles(s.totalInterest)],
      [text('pdf.hojaResumen.totalDesgravamen'), soles(s.totalDesgravamen)],
      [text('pdf.hojaResumen.totalPagar'), soles(s.totalPaid)],
      [text('pdf.hojaResumen.tasaMoratoria'), pct(c.tasaMoratoria)],
    ]);
    destinationRows(w, d);
    w.heading(text('pdf.hojaResumen.seguro'));
    w.rows([
      [text('pdf.hojaResumen.aseguradora'), c.aseguradora],
      [text('pdf.hojaResumen.poliza'), c.poliza],
      [
        text('pdf.hojaResumen.prima'),
        text('pdf.hojaResumen.primaValor', { tasa: pct(c.desgravamenMensual, 3) }),
      ],
    ]);
    w.paragraph(text('pdf.hojaResumen.endoso'));
    w.heading(text('pdf.hojaResumen.pagosAnticipados'));
    w.paragraph(text('pdf.hojaResumen.pagosAnticipadosTexto'));
    w.paragraph(text('pdf.hojaResumen.itf'));
    w.heading(text('pdf.hojaResumen.cronograma'));
    scheduleTable(w, d);
    w.signature([holder(d)]);
  },
  solicitudCredito: (w, d) => {
    w.heading(text('pdf.solicitudCredito.datosSolicitante'));
    w.rows([
      [text('pdf.solicitudCredito.celular'), d.titular.telefono],
      [text('pdf.solicitudCredito.correo'), d.titular.email ?? NONE],
      [text('pdf.solicitudCredito.direccion'), d.titular.direccion ?? NONE],
      [text('pdf.solicitudCredito.placa'), d.titular.placa ?? NONE],
    ]);
    destinationRows(w, d);
    w.heading(text('pdf.solicitudCredito.creditoSolicitado'));
    w.rows([
      [text('pdf.solicitudCredito.monto'), soles(d.credito.monto)],
      [text('pdf.solicitudCredito.plazo'), months(d.credito.plazo)],
      [text('pdf.solicitudCredito.cuota'), soles(d.credito.simulacion.instalment)],
    ]);
    w.paragraph(text('pdf.solicitudCredito.declaracion'));
    w.signature([holder(d)]);
  },
  contrato: (w, d) => {
    const c = d.credito;
    const prestamista = lender();
    w.paragraph(
      text('pdf.contrato.encabezado', {
        prestamista,
        titular: holder(d),
        tipoDocumento: d.titular.tipoDocumento,
        documento: d.titular.documento,
      }),
    );
    w.paragraph(text('pdf.contrato.primera', { prestamista, monto: soles(c.monto) }));
    w.paragraph(
      text('pdf.contrato.segunda', {
        plazo: c.plazo,
        cuota: soles(c.simulacion.instalment),
        tea: pct(c.tea),
        tcea: pct(c.simulacion.tcea),
      }),
    );
    w.paragraph(text('pdf.contrato.tercera', { tasaMoratoria: pct(c.tasaMoratoria) }));
    w.paragraph(text('pdf.contrato.cuarta'));
    w.paragraph(text('pdf.contrato.quinta'));
    w.signature([prestamista, holder(d)]);
  },
  cronograma: (w, d) => {
    w.rows([
      [text('pdf.cronograma.monto'), soles(d.credito.monto)],
      [text('pdf.cronograma.tea'), pct(d.credito.tea)],
      [text('pdf.cronograma.tcea'), pct(d.credito.simulacion.tcea)],
    ]);
    scheduleTable(w, d);
  },
  cartaInstruccion: (w, d) => {
    const vars = {
      titular: holder(d),
      prestamista: lender(),
      monto: soles(d.credito.monto),
      cuenta: d.banco?.cci ?? text('pdf.cartaInstruccion.cuentaPorRegistrar'),
    };
    const banco = d.banco?.entidad;
    w.paragraph(
      banco
        ? text('pdf.cartaInstruccion.textoConBanco', { ...vars, banco })
        : text('pdf.cartaInstruccion.texto', vars),
    );
    w.signature([holder(d)]);
  },
  convenioCanalizacion: (w, d) => {
    const prestamista = lender();
    w.paragraph(
      text('pdf.convenioCanalizacion.texto', { prestamista, cuota: soles(d.credito.simulacion.instalment) }),
    );
    w.signature([prestamista, holder(d)]);
  },
  cartaAutorizacionCargo: (w, d) => {
    w.paragraph(
      text('pdf.cartaAutorizacionCargo.texto', {
        prestamista: lender(),
        cuenta: d.banco?.cci ?? text('pdf.cartaAutorizacionCargo.cuentaRegistrada'),
      }),
    );
    w.signature([holder(d)]);
  },
  cartaActivacionFr: (w, d) => {
    const factorRecaudo = pct(d.credito.factorRecaudo);
    const placa = d.titular.placa ?? NONE;
    w.paragraph(text('pdf.cartaActivacionFr.texto', { factorRecaudo, placa }));
    w.rows([
      [text('pdf.cartaActivacionFr.factorRecaudo'), factorRecaudo],
      [text('pdf.cartaActivacionFr.placa'), placa],
      [text('pdf.cartaActivacionFr.cuotaReferencia'), soles(d.credito.simulacion.instalment)],
    ]);
    w.signature([holder(d)]);
  },
};

/** Renders one document of `kind` for `data`. */
export function renderContractDocument(
  kind: ContractDocumentKind,
  data: CreditDocumentData,
): Promise<Buffer> {
  return renderPdf(documentTitle(kind), (w) => {
    header(w, data, kind);
    builders[kind](w, data);
  });
}
