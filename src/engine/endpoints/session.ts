/**
 * Session and promoter calls (spec 001 §7 "Session and promoter"; codes from 001 §4
 * "Promoter status check" and "Customer check by promoter", 000 §4 "Promoter session").
 */
import { defineEndpoints } from './define.ts';

export const SESSION_ENDPOINTS = defineEndpoints('session', 'session', {
  login: {
    application: 'none',
    method: 'POST',
    path: '/api/private/v1.1/inicioSesion',
    codeField: 'codigoRespuesta',
    // 0 logged in; 1 wrong user or password (detalleRespuesta says why: modal 14); 99 failure.
    codes: ['0', '1', '99'],
    creates: true,
    summary: 'Inicia la sesión del promotor (contraseña en MD5, plataforma 1).',
  },
  status: {
    application: 'none',
    method: 'GET',
    path: '/api/private/v1.1/statusSesion',
    codeField: 'codigoRespuesta',
    // 0 the session is set; anything else: logout and clear the promoter.
    codes: ['0', '1'],
    creates: false,
    summary: 'Lee la sesión del promotor desde su cookie.',
  },
  logout: {
    application: 'none',
    method: 'POST',
    path: '/api/private/v1.1/logoutSesion',
    codeField: 'codigoRespuesta',
    codes: ['0'],
    creates: true,
    body: false,
    summary: 'Cierra la sesión del promotor.',
  },
  validateCustomer: {
    application: 'none',
    method: 'POST',
    path: '/api/private/v1.0/validarCliente',
    codeField: 'codigoRespuesta',
    codes: ['00', '01', '99'],
    creates: false,
    summary: 'El promotor consulta si el documento ya es cliente.',
  },
  listProspects: {
    application: 'none',
    method: 'POST',
    path: '/kong/prospecto/v2.0/listar/prospectos',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Lista los prospectos del promotor (result.js_resdat).',
  },
  listCustomers: {
    application: 'none',
    method: 'POST',
    path: '/kong/prospecto/v2.0/listar/clientes',
    codeField: null,
    codes: [],
    creates: false,
    summary: 'Lista los clientes del promotor (result).',
  },
  procurador: {
    application: 'none',
    // A body, not a path segment: user names stay out of URLs and access logs.
    method: 'POST',
    path: '/api/private/v1.1/procurador',
    pathNotInSpec:
      'Spec 000 §3 (usuProcurador in the promoter session) and §6 ("A \'procurador\' user-name lookup exists") name the lookup; neither document gives its path or payload.',
    codeField: 'codigoRespuesta',
    // 0 found; 1 no procurador with that user name in the promoter's entity (HTTP 404).
    codes: ['0', '1'],
    creates: false,
    summary: 'Busca al procurador de la entidad del promotor por su nombre de usuario.',
  },
});
