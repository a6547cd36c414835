import { paramUses } from '../../engine/fragment-params.ts';
import type { Flow } from '../../engine/flow-types.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf, isObj } from '../flow-walk.ts';
import { asFlow, includesOf, paramDefaults } from '../project.ts';
import type { Rule } from '../types.ts';

/**
 * Fragment parameters fit together: every `"$name"` a fragment writes is one of its
 * `parameters`; every value a flow passes in `includeParams` names a parameter of that
 * fragment; and a parameter without default is passed by every flow that includes it.
 * (Whether a value is a known endpoint, step, modal or message is checked by those rules.)
 */
export const rule: Rule = {
  id: 'fragment-parameter',
  meta: {
    description:
      'Fragment parameters are declared, passed by name, and given a value by every including flow.',
    severity: 'error',
    messages: {
      undeclared:
        '"${{name}}" is not a parameter of this fragment (its parameters: {{list}}).{{hint}} Declare it under "parameters" or fix the name.',
      unknown: 'The fragment "{{fragment}}" has no parameter "{{name}}" (its parameters: {{list}}).{{hint}}',
      missing:
        'The fragment "{{fragment}}" needs a value for its parameter "{{name}}", which has no default: add "includeParams": { "{{fragment}}": { "{{name}}": … } }.',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    // In this file: references to undeclared names (read from the file as written).
    const raw = asFlow(ctx.file);
    if (raw) {
      const own = entriesOf(raw.parameters).map(([p]) => p);
      for (const use of paramUses(raw as unknown as Flow)) {
        if (own.includes(use.name)) continue;
        ctx.report({
          path: use.path,
          messageId: 'undeclared',
          data: { name: use.name, list: own.join(', ') || 'none', hint: didYouMean(use.name, own) },
        });
      }
    }
    // What this file passes to the fragments it includes.
    const passedAll = isObj(flow.includeParams) ? flow.includeParams : {};
    includesOf(ctx.file).forEach((name, i) => {
      const file = ctx.project.byId.get(name);
      const fragment = file ? asFlow(file) : null;
      if (!fragment) return;
      const declared = entriesOf(fragment.parameters).map(([p]) => p);
      const list = declared.join(', ') || 'none';
      const passed = Object.hasOwn(passedAll, name) && isObj(passedAll[name]) ? passedAll[name] : {};
      for (const param of Object.keys(passed)) {
        if (declared.includes(param)) continue;
        ctx.report({
          path: ['includeParams', name, param],
          atKey: true,
          messageId: 'unknown',
          data: { fragment: name, name: param, list, hint: didYouMean(param, declared) },
        });
      }
      const defaults = paramDefaults(fragment);
      for (const param of declared) {
        if (Object.hasOwn(defaults, param) || Object.hasOwn(passed, param)) continue;
        ctx.report({ path: ['include', i], messageId: 'missing', data: { fragment: name, name: param } });
      }
    });
  },
};
