import { bindingsOf, bindingSource } from '../fragment-bindings.ts';
import type { Rule } from '../types.ts';
import { messageRefsOf, nearKey } from './message-refs.ts';

/**
 * An i18n key that is not in `es-PE.json` but is one or two edits away from a key that is:
 * almost surely a typo. (A key with no close match is `missing-message`: a text to add.)
 */
export const rule: Rule = {
  id: 'unknown-message',
  meta: {
    description: 'An i18n key not in i18n/es-PE.json that is close to an existing key (a typo).',
    severity: 'error',
    messages: {
      unknown: 'The i18n key "{{key}}" is not in i18n/es-PE.json. Did you mean "{{hint}}"?',
      unknownParam: 'The i18n key "{{key}}" ({{source}}) is not in i18n/es-PE.json.{{hint}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const keys = Object.keys(ctx.env.messages);
    for (const ref of messageRefsOf(ctx.flow)) {
      if (ref.key in ctx.env.messages) continue;
      const hint = nearKey(ref.key, keys);
      if (hint !== undefined)
        ctx.report({ path: ref.path, messageId: 'unknown', data: { key: ref.key, hint } });
    }
    // A message key passed to a fragment: any key that is not there (no text to add here).
    for (const b of bindingsOf(ctx)) {
      if (!b.passed || !b.kinds.has('message') || b.value === undefined || b.value in ctx.env.messages)
        continue;
      const hint = nearKey(b.value, keys);
      ctx.report({
        path: b.path,
        messageId: 'unknownParam',
        data: { key: b.value, source: bindingSource(b), hint: hint ? ` Did you mean "${hint}"?` : '' },
      });
    }
  },
};
