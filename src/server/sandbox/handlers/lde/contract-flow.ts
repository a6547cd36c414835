/**
 * Contract documents, the signing code and the electronic signature of an instant credit.
 * Documents are generated from the chosen offer (figures recomputed from the stored amount
 * and term, never taken from the client), recorded as rows with their SHA-256, and served as
 * PDFs. The signature needs the SMS code sent for signing to the application's own phone.
 */
import { createHash } from 'node:crypto';
import type { Services } from '../../types.ts';
import { simulate } from '../../../../engine/credit-math.ts';
import { renderContractDocument, type CreditDocumentData } from '../../../domain/pdf/contract-documents.ts';
import {
  CONTRACT_DOCUMENTS,
  DOCUMENT_GROUPS,
  documentTitle,
  isDocumentGroup,
  type ContractDocumentKind,
  type DocumentGroup,
} from '../../../domain/lde/documents.ts';
import { appliedTea, LDE_TERMS } from '../../../domain/lde/terms.ts';
import {
  checkToken,
  sendToken,
  type CheckOutcome,
  type TokenPurpose,
} from '../../../domain/lde/sms-tokens.ts';
import { loadProspect, mergeData, type Prospect } from '../../../domain/lde/prospects.ts';
import { scenarioFor } from '../../scenarios.ts';
import { PREPARED_BY_BACK_OFFICE } from '../../../domain/vehicle/signature.ts';
import { documentLink } from '../../../domain/lde/document-links.ts';
import { offerOf } from './simulator.ts';
import { BANKS } from '../../../domain/catalogs/banks.ts';
import {
  businessOfApplication,
  cashOut,
  isCustomerProduct,
  offerOfApplication,
} from '../../../domain/customers/index.ts';
import { ACTIVITIES } from '../../../domain/catalogs/economic.ts';

/** Where an existing customer's new credit of `monto` goes (balance paid off, debt paid, cash, a FAE MYPE business), or nothing. */
async function destinationOf(svc: Services, p: Prospect, monto: number) {
  if (!isCustomerProduct(p.producto)) return {};
  const offer = await offerOfApplication(svc.db, p.id);
  if (!offer) return {};
  const deuda = offer.deuda
    ? {
        entidad: BANKS.find((b) => b.codigo === offer.deuda!.entidad)?.nombre ?? offer.deuda.entidad,
        monto: offer.deuda.monto,
      }
    : null;
  const business = p.producto === 'faemype' ? await businessOfApplication(svc.db, p.id) : null;
  const negocio = business && {
    ruc: business.ruc,
    actividad:
      ACTIVITIES.find((a) => a.codigo === business.actividadEconomica)?.descripcion ??
      String(business.actividadEconomica),
  };
  return {
    destino: { saldoCancelado: offer.saldoCancelado, deuda, efectivo: cashOut(offer, monto), negocio },
  };
}

/** The SMS-code type used for signing contracts. */
export const SIGNATURE_TOKEN_TYPE = 'FIRMA';

/** The document data of a prospect with a chosen offer, or `null` when there is no offer yet. */
export async function documentDataOf(svc: Services, p: Prospect): Promise<CreditDocumentData | null> {
  const offer = await offerOf(svc, p.id);
  if (!offer) return null;
  const terms = LDE_TERMS[p.producto];
  const tea = appliedTea(terms, svc.settings.rateCapTea);
  const { rows: sims } = await svc.db.query<{ created_at: Date }>(
    'SELECT created_at FROM lde_simulations WHERE id = $1',
    [offer.simulationId],
  );
  const fecha = new Date(sims[0]?.created_at ?? svc.clock.now()).toISOString().slice(0, 10);
  const { rows: bank } = await svc.db.query<{ entidad_bancaria: string | null; cci: string | null }>(
    'SELECT entidad_bancaria, cci FROM lde_bank_details WHERE prospect_id = $1',
    [p.id],
  );
  const direccion = typeof p.datos.direccion === 'string' ? p.datos.direccion : null;
  const email = typeof p.datos.email === 'string' ? p.datos.email : p.email;
  return {
    codigoProspecto: p.id,
    producto: p.producto,
    fecha,
    titular: {
      nombres: p.nombres ?? '',
      apellidos: [p.apellidoPaterno, p.apellidoMaterno].filter(Boolean).join(' '),
      tipoDocumento: p.tipoDocumento === 2 ? 'Carné de extranjería' : 'DNI',
      documento: p.documento,
      telefono: p.telefono,
      email,
      direccion,
      placa: p.placa,
    },
    credito: {
      monto: offer.monto,
      plazo: offer.plazo,
      tea,
      tasaMoratoria: terms.tasaMoratoria,
      desgravamenMensual: terms.desgravamenMensual,
      aseguradora: terms.aseguradora,
      poliza: terms.poliza,
      factorRecaudo: terms.factorRecaudo,
      simulacion: simulate({
        amount: offer.monto,
        tea,
        months: offer.plazo,
        desgravamenMonthly: terms.desgravamenMensual,
        rateCapTea: svc.settings.rateCapTea,
        firstDate: fecha,
      }),
    },
    banco: bank[0] ? { entidad: bank[0].entidad_bancaria, cci: bank[0].cci } : null,
    ...(await destinationOf(svc, p, offer.monto)),
  };
}

/** The group a prospect's documents belong to: the request's when it names one, else the product's. */
export function groupFor(p: Prospect, requested: unknown): DocumentGroup {
  return isDocumentGroup(requested) ? requested : LDE_TERMS[p.producto].grupoDocumentos;
}

/** One generated document as answered to the client. */
export interface GeneratedDocument {
  tipo: ContractDocumentKind;
  campo: string;
  titulo: string;
  sha256: string;
  /** The report path that answers this document's PDF (for this application only). */
  url: string;
}

/**
 * Generates the group's documents, records them and answers each with a link to its PDF
 * rather than the PDF itself, so what the site keeps between reloads stays small.
 */
export async function generateDocuments(
  svc: Services,
  p: Prospect,
  grupo: DocumentGroup,
): Promise<GeneratedDocument[] | null> {
  const data = await documentDataOf(svc, p);
  if (!data) return null;
  const out: GeneratedDocument[] = [];
  const now = new Date(svc.clock.now());
  for (const tipo of DOCUMENT_GROUPS[grupo]) {
    const pdf = await renderContractDocument(tipo, data);
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    await svc.db.query(
      `INSERT INTO lde_documents (prospect_id, grupo, tipo, sha256, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (prospect_id, tipo) DO UPDATE SET grupo = EXCLUDED.grupo, sha256 = EXCLUDED.sha256, created_at = EXCLUDED.created_at`,
      [p.id, grupo, tipo, sha256, now],
    );
    out.push({
      tipo,
      campo: CONTRACT_DOCUMENTS.find((d) => d.tipo === tipo)!.campo,
      titulo: documentTitle(tipo),
      sha256,
      url: await documentLink(
        svc.settings.jwtSecret,
        { codigoProspecto: p.id, documento: p.documento, tipo },
        now.getTime(),
      ),
    });
  }
  await svc.db.query('DELETE FROM lde_documents WHERE prospect_id = $1 AND NOT (tipo = ANY($2))', [
    p.id,
    DOCUMENT_GROUPS[grupo],
  ]);
  return out;
}

/** The application-data flag of documents the lender's back office generated before the page asked. */

/**
 * The lender's back office prepares the contract documents of some applications as soon as
 * their confirmation data are saved (sandbox rows 86300001 for existing customers, 33000002 for
 * Credinstante and celulares): generated and recorded as the page's own call would, so the page
 * then finds them already in process.
 */
export async function backOfficePreparesContracts(svc: Services, prospectId: number): Promise<void> {
  const p = await loadProspect(svc.db, prospectId);
  if (!p) return;
  const section = isCustomerProduct(p.producto) ? 'customers' : 'instant';
  if (scenarioFor(section, p.documento, 'contractsPrepared')?.code !== '01') return;
  if (await generateDocuments(svc, p, groupFor(p, undefined)))
    await mergeData(svc.db, p.id, { [PREPARED_BY_BACK_OFFICE]: true }, svc.clock.now());
}

/** True when the application's documents were generated by the back office before the page asked ("01"). */
export const preparedByBackOffice = (p: Prospect): boolean => p.datos[PREPARED_BY_BACK_OFFICE] === true;

/** One document of a prospect as PDF bytes, or `null` when there is no offer. */
export async function documentPdf(
  svc: Services,
  p: Prospect,
  tipo: ContractDocumentKind,
): Promise<Buffer | null> {
  const data = await documentDataOf(svc, p);
  return data ? renderContractDocument(tipo, data) : null;
}

/** The purpose of the signing code of a prospect. */
export function signaturePurpose(p: Prospect, tipo = SIGNATURE_TOKEN_TYPE): TokenPurpose {
  return { documento: p.documento, celular: p.telefono, grupo: LDE_TERMS[p.producto].grupoToken, tipo };
}

/** Texts the signing code to the application's phone. */
export function sendSignatureCode(svc: Services, p: Prospect) {
  return sendToken(svc, signaturePurpose(p));
}

/**
 * Checks a signing code. The code sent for signing is expected; a flow that sent its code
 * with the product's default token type (1) is accepted too, still bound to this
 * application's document and phone and still single use.
 */
export async function checkSignatureCode(svc: Services, p: Prospect, code: string): Promise<CheckOutcome> {
  const first = await checkToken(svc, signaturePurpose(p), code);
  if (first.ok || first.reason !== 'missing') return first;
  return checkToken(svc, signaturePurpose(p, '1'), code);
}
