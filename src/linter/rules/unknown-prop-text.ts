import { didYouMean } from '../../engine/suggest.ts';
import { namespacesOf, propTextRefsOf } from '../text-refs.ts';
import type { Rule } from '../types.ts';

/**
 * A text key in any view prop (`"message": "firma.felicitaciones.message"`, `"button": …`) is a
 * key of i18n/es-PE.json; props named `…Key` are `unknown-message`'s. A missing key shows the
 * key itself on the page.
 */
export const rule: Rule = {
  id: 'unknown-prop-text',
  meta: {
    description: 'Text keys in any view prop are keys of i18n/es-PE.json.',
    severity: 'error',
    messages: {
      missing:
        'The text key "{{key}}" is not in i18n/es-PE.json: the page would show the key itself.{{hint}} Fix the key, or add its Spanish text: node --import tsx scripts/i18n-add.ts {{key}} "texto".',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const keys = Object.keys(ctx.env.messages);
    for (const ref of propTextRefsOf(ctx.flow, namespacesOf(ctx.env.messages))) {
      if (Object.hasOwn(ctx.env.messages, ref.key)) continue;
      ctx.report({
        path: ref.path,
        messageId: 'missing',
        data: { key: ref.key, hint: didYouMean(ref.key, keys) },
      });
    }
  },
};
