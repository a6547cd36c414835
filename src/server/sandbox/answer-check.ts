/**
 * The contract guard of the handler test kits: a handler called directly (without HTTP) must
 * still answer what its call's response schema says, as `SANDBOX_CHECK_ANSWERS` makes the
 * server require of every answer. The call is found by the handler it is registered with.
 */
import { SCHEMAS_DIR } from '../app.ts';
import { loadRegistry } from '../registry.ts';
import { compileValidators, type AnswerValidator } from '../request-validator.ts';
import type { Handler, HandlerReply } from './types.ts';

let guard: Promise<{ idsOf: Map<Handler, string[]>; answers: ReadonlyMap<string, AnswerValidator> }> | null =
  null;

function load() {
  guard ??= import('./handlers/index.ts').then(({ handlers }) => {
    const idsOf = new Map<Handler, string[]>();
    for (const [id, h] of Object.entries(handlers)) idsOf.set(h, [...(idsOf.get(h) ?? []), id]);
    return { idsOf, answers: compileValidators(loadRegistry(), SCHEMAS_DIR).answers };
  });
  return guard;
}

/**
 * Throws when `reply` (a JSON answer of status 200 from `handler`) matches the response schema
 * of none of the calls `handler` serves. A handler no call is registered with is not checked.
 */
export async function expectAnswerMatchesSchema(handler: Handler, reply: HandlerReply): Promise<void> {
  if ((reply.status ?? 200) !== 200 || reply.body instanceof Uint8Array) return;
  if (reply.contentType !== undefined && !/json/.test(reply.contentType)) return;
  const { idsOf, answers } = await load();
  const ids = idsOf.get(handler) ?? [];
  const complaints: string[] = [];
  for (const id of ids) {
    const problems = answers.get(id)?.(reply.body ?? null);
    if (problems === undefined || problems.length === 0) return;
    complaints.push(`${id}: ${problems.join('; ')}`);
  }
  if (complaints.length > 0)
    throw new Error(`La respuesta no cumple el esquema de su llamada. ${complaints.join(' | ')}`);
}
