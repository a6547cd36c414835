import type { Rule } from '../types.ts';
import { messageRefsOf, nearKey } from './message-refs.ts';

/**
 * An i18n key that is not in `es-PE.json` and has no close key there: a text nobody has
 * added yet. (A near miss is `unknown-message`: a typo.)
 */
export const rule: Rule = {
  id: 'missing-message',
  meta: {
    description: 'An i18n key the flow uses that i18n/es-PE.json does not have (and no close key exists).',
    severity: 'error',
    messages: {
      missing:
        'The i18n key "{{key}}" is missing from i18n/es-PE.json. Add its Spanish text: node --import tsx scripts/i18n-add.ts {{key}} "texto".',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const keys = Object.keys(ctx.env.messages);
    for (const ref of messageRefsOf(ctx.flow)) {
      if (ref.key in ctx.env.messages || nearKey(ref.key, keys) !== undefined) continue;
      ctx.report({ path: ref.path, messageId: 'missing', data: { key: ref.key } });
    }
  },
};
