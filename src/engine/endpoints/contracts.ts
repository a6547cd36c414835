/**
 * Contracts, tokens and credit (spec 001 §7 "Contracts, tokens, credit"; codes from 001 §4
 * "Additional rules", 000 §4 contract documents and bank details, DOMAIN.md resume links).
 */
import { defineEndpoints, LDE_APPLICATION, SHARED_APPLICATION, OK_OR_FAIL } from './define.ts';

/** Contract generation accepts 00 or 01 (001 §4); legacy contract calls answer 99 on any failure. */
const CONTRACT_CODES = ['00', '01', '99'] as const;

export const CONTRACT_ENDPOINTS = defineEndpoints('contracts', 'contracts', {
  create: {
    application: SHARED_APPLICATION,
    method: 'POST',
    path: '/kong/contratos/v1.0/contratos',
    codeField: 'codRes',
    codes: CONTRACT_CODES,
    creates: true,
    summary: 'Genera los contratos del crédito (99 ante cualquier falla).',
  },
  createV9: {
    // The conversion campaign's version: its applications are conversion prospects too.
    application: [
      {
        in: 'body',
        names: ['codigoProspecto', 'idProspecto', 'id'],
        kinds: ['lde', 'vehicle', 'conversion'],
      },
      { in: 'query', names: ['codigoProspecto'], kinds: ['lde', 'vehicle', 'conversion'] },
    ],
    method: 'POST',
    path: '/v9/contratos/v1.0/contratos',
    codeField: 'codRes',
    codes: CONTRACT_CODES,
    creates: true,
    summary: 'Genera los contratos (versión de la campaña de conversiones: 00 solo si todos salen bien).',
  },
  generate: {
    application: SHARED_APPLICATION,
    method: 'POST',
    path: '/kong/contratos/v1.0/generaContrato',
    codeField: 'codRes',
    codes: CONTRACT_CODES,
    creates: true,
    summary: 'Genera los documentos contractuales del grupo del producto (A–D).',
  },
  document: {
    application: 'signed-link',
    method: 'GET',
    path: '/kong/reporte/contrato/2/{data}',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Un documento contractual generado (PDF), por el enlace firmado que devuelve generaContrato.',
  },
  sendToken: {
    application: SHARED_APPLICATION,
    method: 'POST',
    path: '/kong/contratos/v1.0/sendToken',
    codeField: 'codRes',
    // 000 §4 contract documents: '00' to electronic signature; '01' the token cannot be sent now.
    codes: CONTRACT_CODES,
    creates: true,
    summary: 'Envía por SMS el token para firmar los documentos.',
  },
});

/**
 * The instant credits' phone code names the application it proves, and the consumer's income
 * declaration its vehicle application (optional: the other uses of these calls name none); the
 * caller must hold it.
 */
const TOKEN_APPLICATION = [{ in: 'body', names: ['codigoProspecto'], kinds: ['lde', 'vehicle'] }] as const;

export const TOKEN_ENDPOINTS = defineEndpoints('contracts', 'tokens', {
  send: {
    application: TOKEN_APPLICATION,
    method: 'POST',
    path: '/kong/token/send',
    codeField: 'codRes',
    // 01: too many sends for this number for now.
    codes: ['00', '01', '99'],
    creates: true,
    summary: 'Envía un token SMS (celular, documento, grupo, tipo).',
  },
  validate: {
    application: TOKEN_APPLICATION,
    method: 'POST',
    path: '/kong/token/valid',
    codeField: 'codRes',
    // Token validation OK needs code 00 (001 §4); 01 wrong or expired.
    codes: ['00', '01'],
    creates: false,
    summary: 'Valida un token SMS.',
  },
  sendSms: {
    application: 'none',
    method: 'POST',
    path: '/v7/private/v1.0/generarTokenNewSms',
    codeField: 'codigoRespuesta',
    codes: OK_OR_FAIL,
    creates: true,
    summary: 'Genera y envía un token SMS (servicio privado).',
  },
  validateSms: {
    application: 'none',
    method: 'POST',
    path: '/v7/private/v1.0/validarTokenNew',
    codeField: 'codigoRespuesta',
    codes: ['00', '01', '99'],
    creates: false,
    summary: 'Valida un token SMS (servicio privado).',
  },
});

export const JWT_ENDPOINTS = defineEndpoints('contracts', 'jwt', {
  validate: {
    application: 'none',
    // The link names its application's kind: a vehicle application's link opens no conversion
    // application that happens to have the same number.
    grants: {
      answer: 'data.codigoProspecto',
      kinds: ['lde', 'vehicle', 'conversion'],
      by: 'link',
      kindAt: 'data.kind',
    },
    method: 'POST',
    path: '/kong/jwtJS/v1.0/validarJWT',
    codeField: 'codRes',
    // 00 valid; 06 link token incorrect; 07 link token expired.
    codes: ['00', '06', '07'],
    // A page opened without a link sends no token: 400, which the flows handle (onError).
    refusesWithoutLink: true,
    creates: false,
    summary: 'Valida el token firmado de un enlace de retoma u observados.',
  },
});

export const CREDIT_ENDPOINTS = defineEndpoints('contracts', 'credit', {
  validateCredits: {
    application: [{ in: 'query', names: ['codigoContrato'], kinds: ['lde'] }, ...LDE_APPLICATION],
    method: 'GET',
    path: '/kong/credito/v1/validar-creditos',
    codeField: 'codRes',
    // 00 the credit (an LD's with its FR activation letter); for an LD, 01 already activated
    // ("Ya cuenta con crédito Activado") and 03 not signed yet (nothing to activate); 99 error.
    codes: ['00', '01', '03', '99'],
    creates: false,
    summary: 'Créditos de un contrato (?codigoContrato=); de un LD, su carta de activación del FR.',
  },
  updateExpress: {
    application: [...LDE_APPLICATION, { in: 'body', names: ['codigoContrato'], kinds: ['lde'] }],
    method: 'POST',
    path: '/v4/credito/v1/actualizarCreExpPro',
    codeField: 'codRes',
    // 00 activated; 01 an LD's activation code is wrong or used; 99 not signed.
    codes: ['00', '01', '99'],
    creates: true,
    summary:
      'Actualiza el crédito exprés del prospecto (activo); un LD, con el código SMS que acepta su carta de activación del FR.',
  },
  accountChangeCode: {
    application: LDE_APPLICATION,
    fields: ['codigoProspecto', 'documento'],
    method: 'POST',
    path: '/kong/credito/v1/ownership-validation/sendToken',
    pathNotInSpec:
      'Spec 001 §7 gives updateBankDetails under ownership-validation (its failure codes 01 invalid token, 99 other): the change of a saved account takes the SMS code sent to the phone on file; neither document gives the path of the call that sends it.',
    codeField: 'codRes',
    // 00 code sent to the phone on file; 01 it cannot be sent now; 02 the credit is not
    // approved (not signed); 03 no such application for this document.
    codes: ['00', '01', '02', '03'],
    creates: true,
    summary:
      'Cambio de cuenta (/cambiarcuenta): envía el código SMS al celular registrado de una solicitud con crédito aprobado. Ruta no listada en la especificación.',
  },
  updateBankDetails: {
    application: LDE_APPLICATION,
    method: 'PUT',
    path: '/kong/credito/v1/ownership-validation/updateBankDetails',
    codeField: 'codRes',
    // 00 saved; 01 invalid token ('Código no válido'); 99 any other failure.
    codes: ['00', '01', '99'],
    creates: true,
    summary: 'Registra los datos bancarios del desembolso.',
  },
});
