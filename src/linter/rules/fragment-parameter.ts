import { paramUses } from '../../engine/fragment-params.ts';
import type { Flow } from '../../engine/flow-types.ts';
import { checkParamGiven, checkParamUse, checkPassedParam } from '../../engine/flow-checks.ts';
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
    // One message each, shared with the compiler (src/engine/flow-checks.ts).
    messages: { undeclared: '{{message}}', unknown: '{{message}}', missing: '{{message}}' },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    // In this file: references to undeclared names (read from the file as written).
    const raw = asFlow(ctx.file);
    if (raw) {
      const own = entriesOf(raw.parameters).map(([p]) => p);
      for (const use of paramUses(raw as unknown as Flow)) {
        const problem = checkParamUse(use.name, own, use.path);
        if (problem)
          ctx.report({ path: use.path, messageId: 'undeclared', data: { message: problem.message } });
      }
    }
    // What this file passes to the fragments it includes.
    const passedAll = isObj(flow.includeParams) ? flow.includeParams : {};
    includesOf(ctx.file).forEach((name, i) => {
      const file = ctx.project.byId.get(name);
      const fragment = file ? asFlow(file) : null;
      if (!fragment) return;
      const declared = entriesOf(fragment.parameters).map(([p]) => p);
      const passed = Object.hasOwn(passedAll, name) && isObj(passedAll[name]) ? passedAll[name] : {};
      for (const param of Object.keys(passed)) {
        const problem = checkPassedParam(name, param, declared, ['includeParams', name, param]);
        if (problem)
          ctx.report({
            path: problem.path,
            atKey: true,
            messageId: 'unknown',
            data: { message: problem.message },
          });
      }
      const defaults = paramDefaults(fragment);
      for (const param of declared) {
        const given = Object.hasOwn(defaults, param) || Object.hasOwn(passed, param);
        const problem = checkParamGiven(name, param, given, ['include', i]);
        if (problem)
          ctx.report({ path: problem.path, messageId: 'missing', data: { message: problem.message } });
      }
    });
  },
};
