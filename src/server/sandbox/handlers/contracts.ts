/**
 * Contracts, SMS tokens, signed links and credit calls (spec 001 §7 "Contracts, tokens,
 * credit") for the instant-credit products. Scenario rows: 32000001 / 32000099 at bank
 * details, 33000001 when the signing code is asked for.
 */
import { maskAccount } from '../../domain/lde/disbursement-account.ts';
import { BadInput, type Handler, type HandlerMap, type Services } from '../types.ts';
import { isMobile } from '../../../engine/peru.ts';
import { money2 } from '../../../engine/credit-math.ts';
import { scenarioFor } from '../scenarios.ts';
import { checkToken, sendToken, type TokenPurpose } from '../../domain/lde/sms-tokens.ts';
import { verifyLink } from '../../domain/lde/links.ts';
import { CONTRACT_DOCUMENTS, type ContractDocumentKind } from '../../domain/lde/documents.ts';
import {
  loadProspect,
  mergeData,
  setState,
  PROSPECT_STATE,
  type Prospect,
} from '../../domain/lde/prospects.ts';
import { documentLink, readDocumentLink } from '../../domain/lde/document-links.ts';
import { isLdProduct } from '../../domain/customers/index.ts';
import { LDE_TERMS } from '../../domain/lde/terms.ts';
import { text } from '../../texts.ts';
import { optStr, prospectIdOf, prospectOf, reqStr } from './lde/input.ts';
import { startVerifiedEvaluation } from './lde/pre-evaluation.ts';
import { readAccount, savedAccount, storeAccount } from './lde/bank-account.ts';
import {
  documentPdf,
  generateDocuments,
  groupFor,
  preparedByBackOffice,
  sendSignatureCode,
} from './lde/contract-flow.ts';
import { offerOf } from './lde/simulator.ts';

const reply = (codRes: string, key?: string, extra: Record<string, unknown> = {}) => ({
  body: { codRes, detalleRespuesta: key ? text(key) : 'OK', ...extra },
});

/**
 * `POST /kong/contratos/v1.0/generaContrato` (and the `contratos` calls): generates the
 * group's documents ("00"; "01", the alternate success of 001 §4, when the lender's back office
 * had already generated them: they are answered again, from the offer as it stands now). With
 * `tipo` naming one document, answers that PDF instead.
 */
const generate: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return reply('99', 'error.contracts');
  const tipo = optStr(req.body, 'tipo', 'tipoDocumentoContrato') ?? req.query.tipo;
  if (tipo !== undefined && CONTRACT_DOCUMENTS.some((d) => d.tipo === tipo)) {
    const pdf = await documentPdf(svc, p, tipo as ContractDocumentKind);
    return pdf ? { body: pdf, contentType: 'application/pdf' } : reply('99', 'error.contracts');
  }
  const docs = await generateDocuments(svc, p, groupFor(p, req.body.grupo));
  if (!docs) return reply('99', 'error.contracts');
  return reply(preparedByBackOffice(p) ? '01' : '00', undefined, {
    codigoProspecto: p.id,
    grupo: groupFor(p, req.body.grupo),
    documentos: docs,
  });
};

/**
 * `GET /kong/reporte/contrato/2/{data}`: one generated document's PDF, from the signed link
 * `generate` answered. A tampered or expired link, or one whose application no longer has an
 * offer, answers 404 without saying which.
 */
const documentReport: Handler = async (req, svc) => {
  const claims = await readDocumentLink(svc.settings.jwtSecret, req.params.data ?? '', svc.clock.now());
  const p = claims ? await loadProspect(svc.db, claims.codigoProspecto) : null;
  const pdf = claims && p && p.documento === claims.documento ? await documentPdf(svc, p, claims.tipo) : null;
  return pdf
    ? { body: pdf, contentType: 'application/pdf' }
    : { status: 404, body: { codRes: '99', detalleRespuesta: text('error.contracts') } };
};

/**
 * `POST /kong/contratos/v1.0/sendToken`: texts the signing code ("01": it cannot be sent now).
 * For a signed LD the code is the one that accepts the FR activation letter (type
 * {@link ACTIVATION_TOKEN_TYPE}): the signing code can never activate. Sandbox rows: 33000001
 * the signing code, 86200001 the activation code cannot be sent now.
 */
const contractSendToken: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return reply('99', 'error.tokenSend');
  if (scenarioFor('instant', p.documento, 'contractDocuments')) return reply('01', 'error.tokenSend');
  const activation = isLdProduct(p.producto) && p.estado === PROSPECT_STATE.signed;
  if (activation && scenarioFor('customers', p.documento, 'ldActivationCode'))
    return reply('01', 'error.tokenSend');
  const sent = activation ? await sendToken(svc, activationPurpose(p)) : await sendSignatureCode(svc, p);
  return sent.ok ? reply('00') : reply('01', 'error.tokenSend');
};

/**
 * What a token is bound to, from the request schema's names (000 §3 "Token request"): it is
 * sent for, and only validates for, this document, phone, group and type.
 */
function tokenPurposeOf(body: Record<string, unknown>): TokenPurpose {
  const documento = reqStr(body, 'documento');
  const celular = reqStr(body, 'celular');
  if (!isMobile(celular))
    throw new BadInput([{ path: '/celular', message: 'el celular debe tener 9 dígitos y empezar con 9' }]);
  return {
    documento,
    celular,
    grupo: optStr(body, 'grupo', 'grupoToken') ?? 'CREDINSTANTE',
    tipo: optStr(body, 'tipo', 'tipoToken') ?? '1',
  };
}

/** Token send for both call shapes: `codRes` (kong) or `codigoRespuesta` (private v7). */
function tokenSend(field: 'codRes' | 'codigoRespuesta'): Handler {
  return async (req, svc) => {
    const purpose = tokenPurposeOf(req.body);
    // The code of an application goes only to the phone it was applied with.
    if (prospectIdOf(req) !== undefined) {
      const p = await prospectOf(svc.db, req);
      if (p === null || p.documento !== purpose.documento || p.telefono !== purpose.celular)
        return { body: { [field]: '99', detalleRespuesta: text('error.tokenSend') } };
      // The phone that already received the most codes allowed for now (SCENARIOS "phoneCode").
      if (field === 'codRes' && scenarioFor('instant', p.documento, 'phoneCode'))
        return { body: { [field]: '01', detalleRespuesta: text('error.tokenSend') } };
    }
    const sent = await sendToken(svc, purpose);
    // 01 (kong): too many codes for this number now; the private call only knows 00/99.
    const failCode = field === 'codRes' ? '01' : '99';
    return {
      body: sent.ok
        ? { [field]: '00', detalleRespuesta: 'OK' }
        : { [field]: failCode, detalleRespuesta: text('error.tokenSend') },
    };
  };
}

/**
 * Token validation: "00", or "01" when wrong, expired, used or out of tries. A right code
 * proves the phone of the application it names (`codigoProspecto`, which the caller must hold),
 * or else of the newest application of that document and phone: the service records it and
 * only then lets that application's policy evaluation go on.
 */
function tokenValidate(field: 'codRes' | 'codigoRespuesta'): Handler {
  return async (req, svc) => {
    const purpose = tokenPurposeOf(req.body);
    const code = reqStr(req.body, 'token');
    const wrong = { body: { [field]: '01', detalleRespuesta: text('token.incorrect') } };
    const named = prospectIdOf(req) !== undefined;
    const p = named ? await prospectOf(svc.db, req) : await newestOf(svc, purpose);
    // A code proves only the phone of the application it was sent for.
    const mine = p !== null && p.documento === purpose.documento && p.telefono === purpose.celular;
    if (named && !mine) return wrong;
    const r = await checkToken(svc, purpose, code);
    if (!r.ok) return wrong;
    if (mine && p.datos.celularVerificado !== true) {
      await mergeData(svc.db, p.id, { celularVerificado: true }, svc.clock.now());
      await startVerifiedEvaluation(svc, p.id);
    }
    return { body: { [field]: '00', detalleRespuesta: 'OK' } };
  };
}

/** The newest application of the document and phone a code was sent to, or `null`. */
async function newestOf(svc: Services, purpose: TokenPurpose): Promise<Prospect | null> {
  const { rows } = await svc.db.query<{ id: number }>(
    'SELECT id FROM lde_prospects WHERE documento = $1 AND telefono = $2 ORDER BY created_at DESC LIMIT 1',
    [purpose.documento, purpose.celular],
  );
  return rows[0] === undefined ? null : loadProspect(svc.db, rows[0].id);
}

/** `POST /kong/jwtJS/v1.0/validarJWT`: "00" with the link's claims, "06" tampered, "07" expired. */
const validateJwt: Handler = async (req, svc) => {
  const token = optStr(req.body, 'token', 'jwt') ?? '';
  const r = await verifyLink(svc.settings.jwtSecret, token, svc.clock.now(), [
    'resume',
    'observed',
    'quote',
    'sellMore',
  ]);
  if (r.codRes !== '00') return reply(r.codRes, r.codRes === '07' ? 'error.expiredLink' : 'error.badLink');
  // A vende más link was texted to the customer's phone on file: opening it shows the offer.
  if (r.claims.purpose === 'sellMore')
    await mergeData(svc.db, r.claims.codigoProspecto, { enlaceValidado: true }, svc.clock.now());
  return reply('00', undefined, { data: r.claims });
};

/**
 * `PUT …/ownership-validation/updateBankDetails`: the disbursement account. The CCI's check
 * digits must hold and its bank code must match the chosen bank. "01" invalid token, "99"
 * any other failure.
 */
const updateBankDetails: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return reply('99', 'error.badCodeResponse');
  const forced = scenarioFor('instant', p.documento, 'bankDetails');
  if (forced)
    return reply(String(forced.code), forced.code === '01' ? 'token.invalid' : 'error.badCodeResponse');
  const account = readAccount(req.body);
  const token = optStr(req.body, 'token', 'tokenSMS');
  // The first account is set by the application's holder; changing one already saved takes the
  // SMS code sent to the phone on file, so a taken-over session cannot redirect the money.
  // A change: an account is saved already (by this step or, for celulares, with the confirmation
  // data), or the code was asked for on /cambiarcuenta.
  const change =
    (await savedAccount(svc.db, p.id)) !== null ||
    optStr(req.body, 'tipoToken') === ACCOUNT_CHANGE_TOKEN_TYPE;
  if (token !== undefined || change) {
    if (token === undefined) return reply('01', 'token.invalid');
    const row = change ? scenarioFor('instant', p.documento, 'accountChangeBank') : undefined;
    if (row?.code === '01') return reply('01', 'token.invalid');
    const r = await checkToken(
      svc,
      {
        documento: p.documento,
        celular: p.telefono,
        grupo: LDE_TERMS[p.producto].grupoToken,
        tipo: optStr(req.body, 'tipoToken') ?? '1',
      },
      token,
    );
    if (!r.ok) return reply('01', 'token.invalid');
    // The new account must be the holder's own (the sandbox row 76000099 says it is not).
    if (row?.code === '99') return reply('99', 'cambiarcuenta.error.cuentaAjena');
  }
  await storeAccount(svc.db, p.id, account, svc.clock.now(), change);
  const cuentaDesembolso = maskAccount(account.cci ?? account.numeroCuenta ?? undefined);
  // A change is confirmed by SMS to the phone on file (the first account is part of the application).
  if (change)
    await svc.sms.send({
      celular: p.telefono,
      texto: text('cambiarcuenta.sms.confirmacion', { codigoProspecto: p.id, cuenta: cuentaDesembolso }),
    });
  return reply('00', undefined, { cuentaDesembolso });
};

/**
 * `POST …/ownership-validation/sendToken`: the account change of an approved (signed or
 * active) credit starts with a code texted to the phone on file, bound to the document, the
 * phone, the product's token group and the type CAMBIO_CUENTA. "02" the credit is not approved;
 * "03" no application of this document; "01" the code cannot be sent now.
 */
const accountChangeCode: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p || p.documento !== optStr(req.body, 'documento'))
    return reply('03', 'cambiarcuenta.error.noEncontrada');
  const row = scenarioFor('instant', p.documento, 'accountChangeCode');
  if (row?.code === '02' || (p.estado !== PROSPECT_STATE.signed && p.estado !== PROSPECT_STATE.active))
    return reply('02', 'cambiarcuenta.error.noAprobado');
  if (row?.code === '01') return reply('01', 'error.tokenSend');
  const sent = await sendToken(svc, {
    documento: p.documento,
    celular: p.telefono,
    grupo: LDE_TERMS[p.producto].grupoToken,
    tipo: ACCOUNT_CHANGE_TOKEN_TYPE,
  });
  if (!sent.ok) return reply('01', 'error.tokenSend');
  const { rows } = await svc.db.query<{ cci: string | null; numero_cuenta: string | null }>(
    'SELECT cci, numero_cuenta FROM lde_bank_details WHERE prospect_id = $1',
    [p.id],
  );
  const actual = rows[0] ? (rows[0].cci ?? rows[0].numero_cuenta ?? undefined) : undefined;
  return reply('00', undefined, {
    codigoProspecto: p.id,
    celularEnmascarado: `${p.telefono.slice(0, 1)}*****${p.telefono.slice(-3)}`,
    cuentaActual: actual === undefined ? null : maskAccount(actual),
  });
};

/** The token type of the account-change code (the code validates only for it). */
export const ACCOUNT_CHANGE_TOKEN_TYPE = 'CAMBIO_CUENTA';

/** The token type of the code that accepts an LD's FR activation letter. */
export const ACTIVATION_TOKEN_TYPE = 'ACTIVACION_LD';

/** The purpose of an LD's activation code: its document, phone on file and product group. */
function activationPurpose(p: { documento: string; telefono: string; producto: keyof typeof LDE_TERMS }) {
  return {
    documento: p.documento,
    celular: p.telefono,
    grupo: LDE_TERMS[p.producto].grupoToken,
    tipo: ACTIVATION_TOKEN_TYPE,
  };
}

/**
 * `POST /v4/credito/v1/actualizarCreExpPro`: the final state change of a signed credit (active,
 * 11). An LD is activated by its customer: the FR activation letter is accepted with the code
 * texted for it ("01" a wrong or used code); activating an active LD again answers "00".
 */
const finalState: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, req);
  if (!p) return reply('99', 'error.badCodeResponse');
  const { rows } = await svc.db.query('SELECT 1 FROM lde_signatures WHERE prospect_id = $1', [p.id]);
  if (rows.length === 0) return reply('99', 'error.badCodeResponse');
  if (isLdProduct(p.producto)) {
    if (p.estado === PROSPECT_STATE.active)
      return reply('00', undefined, { estadoProspecto: PROSPECT_STATE.active });
    const check = await checkToken(svc, activationPurpose(p), optStr(req.body, 'token', 'tokenSMS') ?? '');
    if (!check.ok) return reply('01', 'token.incorrectRetry');
  }
  await setState(svc.db, p.id, PROSPECT_STATE.active, svc.clock.now());
  await mergeData(svc.db, p.id, { activadoEn: new Date(svc.clock.now()).toISOString() }, svc.clock.now());
  return reply('00', undefined, { estadoProspecto: PROSPECT_STATE.active });
};

/**
 * `GET /kong/credito/v1/validar-creditos?codigoContrato=`: the credit of a signed application.
 * For an LD, what its activation needs: "01" it is already active, "03" it is not signed yet,
 * "00" with the link to its FR activation letter (group D).
 */
const validateCredits: Handler = async (req, svc) => {
  const p = await prospectOf(svc.db, { ...req, body: { codigoProspecto: req.query.codigoContrato } });
  if (!p) return reply('99', 'error.badCodeResponse');
  const ld = isLdProduct(p.producto);
  if (ld && (p.estado === PROSPECT_STATE.active || scenarioFor('customers', p.documento, 'ldActivation')))
    return reply('01', 'status.creditoActivado');
  if (ld && p.estado !== PROSPECT_STATE.signed) return reply('03', 'activacionLd.error.noFirmado');
  const offer = await offerOf(svc, p.id);
  const { rows } = await svc.db.query<{ signed_at: Date }>(
    'SELECT signed_at FROM lde_signatures WHERE prospect_id = $1',
    [p.id],
  );
  const carta = ld
    ? await documentLink(
        svc.settings.jwtSecret,
        { codigoProspecto: p.id, documento: p.documento, tipo: 'cartaActivacionFr' },
        svc.clock.now(),
      )
    : null;
  return reply('00', undefined, {
    data: [
      {
        codigoContrato: p.id,
        estado: p.estado,
        firmado: rows.length > 0,
        monto: offer?.monto ?? null,
        plazo: offer?.plazo ?? null,
        cuota: offer?.cuota ?? null,
        ...(ld
          ? { factorRecaudo: money2(LDE_TERMS[p.producto].factorRecaudo * 100), cartaActivacion: carta }
          : {}),
      },
    ],
  });
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'contracts.create': generate,
  'contracts.createV9': generate,
  'contracts.generate': generate,
  'contracts.document': documentReport,
  'credit.accountChangeCode': accountChangeCode,
  'contracts.sendToken': contractSendToken,
  'tokens.send': tokenSend('codRes'),
  'tokens.validate': tokenValidate('codRes'),
  'tokens.sendSms': tokenSend('codigoRespuesta'),
  'tokens.validateSms': tokenValidate('codigoRespuesta'),
  'jwt.validate': validateJwt,
  'credit.validateCredits': validateCredits,
  'credit.updateExpress': finalState,
  'credit.updateBankDetails': updateBankDetails,
};
