import { didYouMean } from '../../engine/suggest.ts';
import { isObj, outcomesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';
import { codedOutcome, codesTestedBy, listCodes, normaliseCode } from './codes.ts';

/** A case key, or a rule testing the code field, for a code the endpoint never answers. */
export const rule: Rule = {
  id: 'impossible-code',
  meta: {
    description: 'Cases and code rules only name codes the endpoint can answer.',
    severity: 'error',
    messages: {
      impossible: 'Endpoint "{{endpoint}}" never answers {{field}} "{{code}}"; it answers {{codes}}.{{hint}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const site of outcomesOf(ctx.flow)) {
      const coded = codedOutcome(site, ctx.env);
      if (!coded) continue;
      const known = coded.endpoint.codes;
      const data = (code: string): Record<string, string> => ({
        endpoint: coded.endpoint.id,
        field: coded.field,
        code,
        codes: listCodes(known),
        hint: didYouMean(code, known),
      });
      if (isObj(site.outcome.cases)) {
        for (const key of Object.keys(site.outcome.cases)) {
          const code = normaliseCode(key);
          if (!known.includes(code))
            ctx.report({
              path: [...site.path, 'cases', key],
              atKey: true,
              messageId: 'impossible',
              data: data(code),
            });
        }
      }
      if (Array.isArray(site.outcome.rules)) {
        site.outcome.rules.forEach((r, i) => {
          if (!isObj(r)) return;
          for (const code of codesTestedBy(r.if, coded.field) ?? []) {
            if (!known.includes(code))
              ctx.report({
                path: [...site.path, 'rules', i, 'if'],
                messageId: 'impossible',
                data: data(code),
              });
          }
        });
      }
    }
  },
};
