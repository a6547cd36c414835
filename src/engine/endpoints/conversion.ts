/**
 * The conversion campaign (campanaconversiones, conversion, autoclass: gas conversion of a
 * vehicle). Spec 000 §3 "Conversion evaluation data" gives the evaluation's payload and §4
 * "Conversion flow statuses" its answers (pre-evaluation codes and conversion statuses), and
 * 001 §9 the offer products of each status; neither document gives a path for these calls.
 * The pre-evaluation sits beside the instant-credit product call (`…/producto/lde`); the
 * status lookup is what a resume link (a signed token holding codigoProspecto) reads.
 */
import type { ApplicationRef } from '../endpoint-types.ts';
import { defineEndpoints } from './define.ts';

/** A conversion application named by the body's `codigoProspecto`. */
const CONVERSION_BODY: readonly ApplicationRef[] = [
  { in: 'body', names: ['codigoProspecto'], kinds: ['conversion'] },
];

/**
 * Pre-evaluation codes (000 §4, 001 §4): "00" evaluated, "01" already has a request in
 * process, "03" no offer now, "04" an approved loan exists (renewal link), "05" no new
 * requests attended, "99" technical failure.
 */
const PRE_EVALUATION_CODES = ['00', '01', '03', '04', '05', '99'] as const;

/**
 * Conversion statuses (000 §4): 0 evaluation approved (offer form, step 3), 2 in process,
 * 14 pre-approved, 18 and 35 offer available (step 4), 22 credit already activated; any other
 * status is "request already in process", which the sandbox answers as 77.
 */
const CONVERSION_STATUSES = ['0', '2', '14', '18', '35', '22', '77'] as const;

export const CONVERSION_ENDPOINTS = defineEndpoints('conversion', 'conversion', {
  preEvaluate: {
    application: 'none',
    grants: { answer: 'codigoProspecto', kinds: ['conversion'], by: 'create' },
    method: 'POST',
    path: '/kong/prospecto/v2.0/producto/conversion',
    pathNotInSpec:
      'Spec 000 §3 ("Conversion evaluation data": tipoDocumento, documento, placa, categoriaVehiculo, telefono, email, codigoProducto, channel, origen, utm fields) and §4 ("Conversion flow statuses") give the evaluation and its answers; neither document gives its path.',
    codeField: 'codRes',
    codes: PRE_EVALUATION_CODES,
    creates: true,
    summary:
      'Pre-evaluación de la campaña de conversiones: registra el prospecto y responde su estado de conversión y los productos ofertados. Ruta no listada en la especificación.',
  },
  status: {
    application: [{ in: 'path', names: ['codigoProspecto'], kinds: ['conversion'] }],
    method: 'GET',
    path: '/kong/prospecto/v2.0/producto/conversion/{codigoProspecto}',
    pathNotInSpec:
      'Spec 000 §2 (a link with a signed token resumes the conversion flow), §3 (the resume token holds codigoProspecto) and §4 (in the resume link, 18 applies to products 19 and 20, 35 to 21 and 22) imply the lookup; neither document gives its path.',
    codeField: 'estadoProspecto',
    codes: CONVERSION_STATUSES,
    creates: false,
    summary:
      'Estado de conversión de un prospecto y sus productos ofertados (retoma del flujo por enlace; ?documento= del titular, obligatorio). Ruta no listada en la especificación.',
  },
  requestOffer: {
    application: CONVERSION_BODY,
    fields: ['codigoProspecto', 'documento', 'anioFabricacion', 'combustibleActual', 'precioConversion'],
    method: 'POST',
    path: '/kong/prospecto/v2.0/producto/conversion/oferta',
    pathNotInSpec:
      'Spec 000 §2 (conversion step 3: the offer form after a successful evaluation) and §4 (status 0 shows the offer form; 18 and 35 the offer) imply the call that turns the form into an offer; neither document gives its path.',
    codeField: 'codRes',
    // 00 offered (status 18 or 35); 03 no offer now (a vehicle older than the limit); 99 failure.
    codes: ['00', '03', '99'],
    creates: true,
    summary:
      'Formulario de oferta (paso 3): registra el vehículo a convertir y el precio de la conversión, y oferta los productos de su categoría (el 24 primero). Ruta no listada en la especificación.',
  },
  offers: {
    application: [{ in: 'path', names: ['codigoProspecto'], kinds: ['conversion'] }],
    method: 'GET',
    path: '/kong/prospecto/v2.0/producto/conversion/{codigoProspecto}/ofertas',
    pathNotInSpec:
      'Spec 000 §2 (conversion step 4: the offer) and 001 §9 (the offer products of statuses 18 and 35, product 24 processed first) imply the lookup of the offers; neither document gives its path.',
    codeField: 'codRes',
    codes: ['00', '99'],
    creates: false,
    summary:
      'Ofertas de conversión del prospecto (paso 4), el producto 24 primero, con cuota, TEA, TCEA y factor de recaudo calculados (?documento= del titular, obligatorio). Ruta no listada en la especificación.',
  },
  confirmOffer: {
    application: CONVERSION_BODY,
    fields: ['codigoProspecto', 'documento', 'codigoProducto'],
    method: 'POST',
    path: '/kong/prospecto/v2.0/producto/conversion/oferta/confirmar',
    pathNotInSpec:
      'Spec 000 §4 ("Confirming an offer moves to step 5") names the call; neither document gives its path.',
    codeField: 'codRes',
    codes: ['00', '99'],
    creates: true,
    summary: 'Confirma la oferta elegida (paso 4 → 5). Ruta no listada en la especificación.',
  },
  confirmData: {
    application: CONVERSION_BODY,
    fields: ['codigoProspecto', 'documento', 'direccion', 'email', 'telefonoAdicional', 'propietario'],
    method: 'POST',
    path: '/kong/prospecto/v2.0/producto/conversion/datos',
    pathNotInSpec:
      'Spec 000 §4 ("Confirming data succeeds only if every offer returns ok or an expediente code, then step 7. Product 24 offers processed first") names the call; neither document gives its path.',
    codeField: 'codRes',
    // 00 every offer processed (ok or an expediente code); 99 one failed.
    codes: ['00', '99'],
    creates: true,
    summary:
      'Confirma los datos (paso 5 → 7): procesa cada oferta, el producto 24 primero; la elegida queda como expediente. 00 solo si todas responden bien. Ruta no listada en la especificación.',
  },
});
