import { didYouMean } from '../../engine/suggest.ts';
import { isObj, outcomesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';
import { codedOutcome, codesTestedBy, listCodes, normaliseCode } from './codes.ts';

/**
 * A call's `answers` (the codes the service can answer at this use, and why) narrows the
 * registry's codes: it names only codes the registry lists, and no case or code rule of the
 * outcome handles a code it leaves out (that case could never run: "unreachable here"). The
 * path tests read the same declaration: the codes left out count as explained edges, and an
 * answer with one of them fails the run (tests/paths/explore.ts).
 *
 * A json-logic rule may say why it can never hold (`unreachable`), for what `answers` cannot
 * say (a field other than the code field); a rule over the code field's codes says it with
 * `answers`, so each code has one place that explains it.
 */
export const rule: Rule = {
  id: 'unreachable-code',
  meta: {
    description: 'A call\'s "answers" names codes of the registry, and no case handles a code it leaves out.',
    severity: 'error',
    messages: {
      unknown:
        '"answers" names {{field}} "{{code}}", which endpoint "{{endpoint}}" never answers (it answers {{codes}}).{{hint}} "answers" only narrows the registry\'s codes.',
      unreachable:
        'Code "{{code}}" is unreachable here: "answers" says this use of "{{endpoint}}" answers only {{answers}} ({{why}}). Remove the case, or add "{{code}}" to "answers" if the service can send it here (then a path test must prove it).',
      otherField:
        '"answers" applies to the code field {{field}} of "{{endpoint}}", but this outcome reads "{{on}}": remove "answers", or read the code field.',
      codeRule:
        'This rule tests the code field {{field}} of "{{endpoint}}" ({{codes}}): say which codes the call can answer here with "answers" on the call, instead of "unreachable" on the rule.',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const site of outcomesOf(ctx.flow)) {
      const coded = codedOutcome(site, ctx.env);
      if (coded && Array.isArray(site.outcome.rules))
        site.outcome.rules.forEach((r, i) => {
          if (!isObj(r) || r.unreachable === undefined) return;
          const tested = codesTestedBy(r.if, coded.field);
          if (tested !== undefined && tested.length > 0)
            ctx.report({
              path: [...site.path, 'rules', i, 'unreachable'],
              atKey: true,
              messageId: 'codeRule',
              data: { field: coded.field, endpoint: coded.endpoint.id, codes: listCodes(tested) },
            });
        });
      const answers = site.call?.answers;
      if (!isObj(answers) || !Array.isArray(answers.codes)) continue;
      const declared = answers.codes.filter((c): c is string => typeof c === 'string');
      const callPath = site.path.slice(0, -1);
      const endpoint = site.where.endpoint === undefined ? undefined : ctx.env.endpoints[site.where.endpoint];
      if (!coded) {
        if (endpoint && endpoint.codeField !== null)
          ctx.report({
            path: [...callPath, 'answers'],
            atKey: true,
            messageId: 'otherField',
            data: { field: endpoint.codeField, endpoint: endpoint.id, on: String(site.outcome.on) },
          });
        continue;
      }
      const known = coded.endpoint.codes;
      declared.forEach((code, i) => {
        if (!known.includes(code))
          ctx.report({
            path: [...callPath, 'answers', 'codes', i],
            messageId: 'unknown',
            data: {
              field: coded.field,
              code,
              endpoint: coded.endpoint.id,
              codes: listCodes(known),
              hint: didYouMean(code, known),
            },
          });
      });
      const data = (code: string): Record<string, string> => ({
        code,
        endpoint: coded.endpoint.id,
        answers: listCodes(declared),
        why: typeof answers.why === 'string' ? answers.why : '',
      });
      // A code the registry does not list is impossible-code's to report.
      const unreachable = (code: string): boolean => known.includes(code) && !declared.includes(code);
      for (const key of Object.keys(isObj(site.outcome.cases) ? site.outcome.cases : {})) {
        const code = normaliseCode(key);
        if (unreachable(code))
          ctx.report({
            path: [...site.path, 'cases', key],
            atKey: true,
            messageId: 'unreachable',
            data: data(code),
          });
      }
      if (Array.isArray(site.outcome.rules))
        site.outcome.rules.forEach((r, i) => {
          if (!isObj(r)) return;
          const tested = codesTestedBy(r.if, coded.field);
          if (tested !== undefined && tested.length > 0 && tested.every(unreachable))
            ctx.report({
              path: [...site.path, 'rules', i, 'if'],
              messageId: 'unreachable',
              data: data(tested[0]!),
            });
        });
    }
  },
};
