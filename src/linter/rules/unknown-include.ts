import { checkFragmentRef } from '../../engine/flow-checks.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { isObj } from '../flow-walk.ts';
import { nodeAt } from '../json-position.ts';
import { includeNameOf } from '../project.ts';
import type { Rule } from '../types.ts';

/**
 * Each `include` entry names a fragment of `flows/` (its id, or its path under flows/ such as
 * `fragments/firma`). A missing one is reported on the entry itself, with the likely name.
 *
 * Each `includeParams` entry passes values to a fragment the resolved flow includes (the engine
 * refuses the flow otherwise). A variant that replaces its base's `include` and drops a fragment
 * keeps the base's values for it: that is reported in the variant, at its `include`, where the
 * analyst removed the fragment.
 */
export const rule: Rule = {
  id: 'unknown-include',
  meta: {
    description: 'Every included fragment exists, and values are passed only to included fragments.',
    severity: 'error',
    messages: {
      notIncluded:
        '"includeParams" passes values to "{{fragment}}", which "include" does not name: include it or fix the name.{{hint}}',
      inherited:
        '"include" no longer names "{{fragment}}", but the flow still passes it values ("includeParams" of "{{base}}"): include it again, or add "includeParams": { "{{fragment}}": null } here.',
      // Shared with the compiler (src/engine/flow-checks.ts); last, as it reads like any message.
      missing: '{{message}}',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const include = Array.isArray(flow.include) ? flow.include : [];
    const names = new Set<string>();
    for (const file of ctx.project.all) {
      const n = includeNameOf(file.path);
      if (n !== undefined && file !== ctx.file) names.add(n);
    }
    for (const [id, file] of ctx.project.byId) if (file !== ctx.file) names.add(id);
    include.forEach((name, i) => {
      if (typeof name !== 'string' || ctx.project.byId.has(name)) return;
      const problem = checkFragmentRef(name, names, ['include', i]);
      if (problem)
        ctx.report({ path: problem.path, messageId: 'missing', data: { message: problem.message } });
    });
    if (!isObj(flow.includeParams)) return;
    const included = include.filter((x): x is string => typeof x === 'string');
    for (const name of Object.keys(flow.includeParams)) {
      if (included.includes(name)) continue;
      const path = ['includeParams', name];
      const origin = ctx.file.originOf?.(path).file ?? ctx.file;
      if (origin === ctx.file)
        ctx.report({
          path,
          atKey: true,
          messageId: 'notIncluded',
          data: { fragment: name, hint: didYouMean(name, included) },
        });
      else
        ctx.report({
          path: ['include'],
          // The variant's own `include` (or its `extends` when it removed the list with null).
          node: nodeAt(ctx.file.tree, ['include'], true) ?? nodeAt(ctx.file.tree, ['extends'], true),
          messageId: 'inherited',
          data: { fragment: name, base: includeNameOf(origin.path) ?? origin.path },
        });
    }
  },
};
