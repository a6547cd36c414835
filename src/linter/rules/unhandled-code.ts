import { actionMoves, isObj, outcomesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';
import { codedOutcome, codesTestedBy, listCodes, normaliseCode } from './codes.ts';

/**
 * A code the endpoint can answer (per the registry) that the outcome does not handle.
 *
 * A code is covered by a `cases` key (after normalisation) or by a rule that tests the code
 * field for equality (`==`/`===`/`in`/`or` of those). Any other rule may match anything, so it
 * is not counted as covering a code. Uncovered codes are:
 * - an error when there is no `else` (the engine would have nothing to do);
 * - a warning when the `else` is a bare stay (only `set`/`track`, no goto, modal, reset, home,
 *   reload, redirect or back): the applicant would see nothing happen.
 */
export const rule: Rule = {
  id: 'unhandled-code',
  meta: {
    description:
      'Every code the endpoint can answer is handled by a case, a rule or a fallback that does something.',
    severity: 'error',
    messages: {
      noElse:
        'Endpoint "{{endpoint}}" can answer {{field}} {{codes}}, and no case, rule or "else" handles {{them}}. Add cases for {{them}} or an "else".',
      bareElse:
        'Endpoint "{{endpoint}}" can answer {{field}} {{codes}}, which only the "else" handles, and the "else" just stays on the step: the applicant would see nothing happen. Add cases, or make the "else" open a modal.',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const site of outcomesOf(ctx.flow)) {
      const coded = codedOutcome(site, ctx.env);
      if (!coded) continue;
      const covered = new Set<string>();
      if (isObj(site.outcome.cases))
        Object.keys(site.outcome.cases).forEach((k) => covered.add(normaliseCode(k)));
      if (Array.isArray(site.outcome.rules)) {
        for (const r of site.outcome.rules)
          if (isObj(r)) codesTestedBy(r.if, coded.field)?.forEach((c) => covered.add(c));
      }
      const uncovered = coded.endpoint.codes.filter((c) => !covered.has(c));
      if (uncovered.length === 0) continue;
      const data = {
        endpoint: coded.endpoint.id,
        field: coded.field,
        codes: listCodes(uncovered),
        them: uncovered.length === 1 ? 'it' : 'them',
      };
      if (!('else' in site.outcome)) ctx.report({ path: site.path, messageId: 'noElse', data });
      else if (!actionMoves(site.outcome.else))
        ctx.report({
          path: [...site.path, 'else'],
          atKey: true,
          messageId: 'bareElse',
          data,
          severity: 'warning',
        });
    }
  },
};
