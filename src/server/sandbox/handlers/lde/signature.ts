/**
 * The electronic signature (`PUT /v4/prospecto/v2.0/producto/lde?tipo=3`): the applicant
 * accepts the valued documents (fi_hojres, fi_solcre, fi_contra, fi_cronog, fi_carins) and
 * signs with the SMS code. "00" signed (state 10), "01" wrong or expired code, "02" the
 * applicant already has an approved offer (34000002), "99" nothing to sign yet.
 */
import type { Handler } from '../../types.ts';
import { scenarioFor } from '../../scenarios.ts';
import { setState, PROSPECT_STATE } from '../../../domain/lde/prospects.ts';
import { text } from '../../../texts.ts';
import { optStr, prospectOf } from './input.ts';
import { checkSignatureCode } from './contract-flow.ts';
import { offerOf } from './simulator.ts';
import { appliedTea, LDE_TERMS } from '../../../domain/lde/terms.ts';
import {
  isCustomerProduct,
  isLdProduct,
  offerOfApplication,
  recordSignedCredit,
  actorOf,
} from '../../../domain/customers/index.ts';
import { signLink } from '../../../domain/lde/links.ts';

const VALUED_FIELDS = [
  'fi_hojres',
  'fi_solcre',
  'fi_contra',
  'fi_cronog',
  'fi_carins',
  'fi_conven',
  'fi_carcar',
  'fi_carfr',
];

const answer = (code: string, key?: string) => ({
  body: { codigoRespuesta: code, detalleRespuesta: key ? text(key) : 'OK' },
});

export const sign: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return answer('99', 'error.tokenValidateContracts');
  if (scenarioFor('instant', p.documento, 'electronicSignature'))
    return answer('02', 'status.ofertaAprobada');
  if (p.estado === PROSPECT_STATE.signed || p.estado === PROSPECT_STATE.active)
    return answer('02', 'status.ofertaAprobada');
  const offer = await offerOf(svc, p.id);
  const { rows: docs } = await svc.db.query<{ tipo: string; sha256: string }>(
    'SELECT tipo, sha256 FROM lde_documents WHERE prospect_id = $1 ORDER BY id',
    [p.id],
  );
  if (!offer || docs.length === 0) return answer('99', 'error.tokenValidateContracts');
  const check = await checkSignatureCode(svc, p, optStr(req.body, 'tokenSMS', 'token') ?? '');
  if (!check.ok) return answer('01', 'token.incorrectRetry');
  const aceptados = Object.fromEntries(
    VALUED_FIELDS.filter((f) => req.body[f] !== undefined).map((f) => [f, req.body[f]]),
  );
  const now = svc.clock.now();
  await svc.db.query(
    'INSERT INTO lde_signatures (prospect_id, token_id, documentos, ip, signed_at) VALUES ($1, $2, $3, $4, $5)',
    [p.id, check.tokenId, JSON.stringify({ documentos: docs, aceptados }), req.ip, new Date(now)],
  );
  await setState(svc.db, p.id, PROSPECT_STATE.signed, now);
  // An existing customer's signed offer becomes one of their credits (paying off the one it renews).
  const customerOffer = isCustomerProduct(p.producto) ? await offerOfApplication(svc.db, p.id) : null;
  if (customerOffer) {
    const terms = LDE_TERMS[p.producto];
    await recordSignedCredit(
      svc.db,
      p,
      customerOffer,
      {
        monto: offer.monto,
        plazo: offer.plazo,
        tea: appliedTea(terms, svc.settings.rateCapTea),
        factorRecaudo: terms.factorRecaudo,
      },
      now,
      { prospectId: p.id, who: actorOf(req.promoter, req.holder) },
    );
  }
  // The signed credit is confirmed by SMS with a link that opens this one application on the
  // applicant's phone: an LD's to activate it (/activacion-ld), any other's to change its
  // disbursement account (/cambiarcuenta).
  const ld = isLdProduct(p.producto);
  const jwt = await signLink(
    svc.settings.jwtSecret,
    { purpose: 'resume', kind: 'lde', codigoProspecto: p.id, documento: p.documento },
    now,
    signedLinkTtl(p.documento),
  );
  const base = svc.settings.publicUrl.replace(/\/$/, '');
  const enlace = ld
    ? `${base}/activacion-ld?token=${activationLinkToken(p.documento, jwt)}`
    : `${base}/cambiarcuenta?token=${jwt}`;
  const sms = ld ? 'activacionLd.sms.firma' : 'cambiarcuenta.sms.firma';
  await svc.sms.send({ celular: p.telefono, texto: text(sms, { enlace }), enlace });
  return answer('00');
};

/** The sandbox rows whose activation or account-change link arrives already expired ("07"): a lifetime in the past. */
export function signedLinkTtl(documento: string): number | undefined {
  const expired =
    scenarioFor('customers', documento, 'ldActivationLink')?.code === '07' ||
    scenarioFor('instant', documento, 'accountChangeLink')?.code === '07';
  return expired ? -60_000 : undefined;
}

/** The sandbox rows whose activation link arrives altered ("06"): the signature's last character changed. */
function activationLinkToken(documento: string, jwt: string): string {
  if (scenarioFor('customers', documento, 'ldActivationLink')?.code !== '06') return jwt;
  return jwt.slice(0, -2) + (jwt.slice(-2, -1) === 'A' ? 'B' : 'A') + jwt.slice(-1);
}
