/**
 * What the existing-customer handler tests share (renewal and the others, LD, vende más and FAE
 * MYPE): the handlers those products answer with, the application an opening names, and the
 * identity questions passed with the right answers.
 */
import type { TestKit } from './lde/test-kit.ts';
import { handlers as lde, identityAnswers } from './lde.ts';
import { handlers as contracts } from './contracts.ts';
import { handlers as customers } from './customers.ts';
import type { Handler, HandlerMap } from '../types.ts';

/** The handler of call `id` among the customer, instant-credit and contract ones (then `more`). */
export function customerHandlers(more: HandlerMap = {}): (id: string) => Handler {
  return (id) => {
    const f = customers[id] ?? lde[id] ?? contracts[id] ?? more[id];
    if (!f) throw new Error(`no handler for ${id}`);
    return f;
  };
}

/** The application an opening answer names. */
export const idOf = (r: { json: Record<string, unknown> }): number =>
  (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;

/** Asks the identity questions of application `id` and answers them right for `dni`. */
export async function passIdentity(kit: TestKit, id: number, dni: string) {
  const h = customerHandlers();
  await kit.call(h('identity.questions'), { params: { id: String(id) } });
  const r = (await identityAnswers(dni, kit.svc)) as {
    respuestas: { idPregunta: number; idRespuesta: number }[];
  };
  return kit.call(h('customers.identityAnswers'), {
    body: {
      codigoProspecto: id,
      respuestas: r.respuestas.map((a) => ({ codigoPregunta: a.idPregunta, codigoRespuesta: a.idRespuesta })),
    },
  });
}
