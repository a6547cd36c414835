import { checkEndpointRef } from '../../engine/flow-checks.ts';
import { paramRef } from '../../engine/fragment-params.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { bindingsOf, bindingSource } from '../fragment-bindings.ts';
import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * Every call names an endpoint of the registry (`src/engine/endpoints.ts`), and so does every
 * value an including flow passes to a fragment parameter that the fragment uses as an endpoint.
 */
export const rule: Rule = {
  id: 'unknown-endpoint',
  meta: {
    description: 'Every call names an endpoint of the registry (src/engine/endpoints.ts).',
    severity: 'error',
    messages: {
      unknownParam: 'There is no endpoint "{{name}}" in the endpoint registry ({{source}}).{{hint}}',
      unknown: '{{message}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const ids = Object.keys(ctx.env.endpoints);
    const known = new Set(ids);
    for (const [stepId, step] of entriesOf(ctx.flow.steps)) {
      for (const [trigger, call] of entriesOf(step.calls)) {
        const name = call.endpoint;
        // "$name" without a value: the fragment-parameter rule says what is missing.
        if (typeof name !== 'string' || paramRef(name) !== undefined) continue;
        const problem = checkEndpointRef(name, known, ['steps', stepId, 'calls', trigger, 'endpoint']);
        if (problem)
          ctx.report({ path: problem.path, messageId: 'unknown', data: { message: problem.message } });
      }
    }
    for (const b of bindingsOf(ctx)) {
      if (!b.passed || !b.kinds.has('endpoint') || b.value === undefined || b.value in ctx.env.endpoints)
        continue;
      ctx.report({
        path: b.path,
        messageId: 'unknownParam',
        data: { name: b.value, source: bindingSource(b), hint: didYouMean(b.value, ids) },
      });
    }
  },
};
