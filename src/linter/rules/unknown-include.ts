import { checkFragmentRef } from '../../engine/flow-checks.ts';
import { includeNameOf } from '../project.ts';
import type { Rule } from '../types.ts';

/**
 * Each `include` entry names a fragment of `flows/` (its id, or its path under flows/ such as
 * `fragments/firma`). A missing one is reported on the entry itself, with the likely name.
 */
export const rule: Rule = {
  id: 'unknown-include',
  meta: {
    description: 'Every included fragment exists.',
    severity: 'error',
    messages: {
      // Shared with the compiler (src/engine/flow-checks.ts).
      missing: '{{message}}',
    },
  },
  check(ctx) {
    const include = ctx.flow?.include;
    if (!Array.isArray(include)) return;
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
  },
};
