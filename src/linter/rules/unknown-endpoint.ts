import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every call names an endpoint of the registry (`src/engine/endpoints.ts`). */
export const rule: Rule = {
  id: 'unknown-endpoint',
  meta: {
    description: 'Every call names an endpoint of the registry (src/engine/endpoints.ts).',
    severity: 'error',
    messages: { unknown: 'There is no endpoint "{{name}}" in the endpoint registry.{{hint}}' },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const ids = Object.keys(ctx.env.endpoints);
    for (const [stepId, step] of entriesOf(ctx.flow.steps)) {
      for (const [trigger, call] of entriesOf(step.calls)) {
        const name = call.endpoint;
        if (typeof name === 'string' && !(name in ctx.env.endpoints)) {
          ctx.report({
            path: ['steps', stepId, 'calls', trigger, 'endpoint'],
            messageId: 'unknown',
            data: { name, hint: didYouMean(name, ids) },
          });
        }
      }
    }
  },
};
