import { paramUses, type ParamUseKind } from '../../engine/fragment-params.ts';
import type { Flow } from '../../engine/flow-types.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf } from '../flow-walk.ts';
import { asFlow } from '../project.ts';
import type { Rule, RuleContext } from '../types.ts';

/** The names a default of each kind may take in the fragment's file, or undefined when any value goes. */
function candidates(ctx: RuleContext, kind: ParamUseKind): Iterable<string> | undefined {
  if (kind === 'endpoint') return Object.keys(ctx.env.endpoints);
  if (kind === 'message') return Object.keys(ctx.env.messages);
  if (kind === 'modal') return ctx.project.modalIds(ctx.file);
  if (kind === 'step') return ctx.project.stepIds(ctx.file);
  return undefined;
}

const WHAT: Readonly<Record<ParamUseKind, string>> = {
  endpoint: 'an endpoint of the registry',
  message: 'a key of i18n/es-PE.json',
  modal: 'a modal of the fragment or of a flow that includes it',
  step: 'a step of the fragment or of a flow that includes it',
  value: 'a value',
};

/**
 * A fragment parameter's `default` is a name of the kind the fragment uses it for (an endpoint,
 * a step, a modal, a text key), reported at the default itself: every flow that does not pass
 * the parameter would get it.
 */
export const rule: Rule = {
  id: 'fragment-default',
  meta: {
    description: "A fragment parameter's default names an existing endpoint, step, modal or text.",
    severity: 'error',
    messages: {
      wrong:
        'The default "{{value}}" of parameter "{{param}}" is not {{what}}, and the fragment uses it as one ({{uses}}).{{hint}} Fix the default; every flow that does not pass "{{param}}" gets it.',
    },
  },
  check(ctx) {
    const raw = asFlow(ctx.file);
    if (!raw) return;
    const params = entriesOf(raw.parameters);
    if (params.length === 0) return;
    const uses = paramUses(raw as unknown as Flow);
    for (const [param, decl] of params) {
      const value = decl.default;
      if (typeof value !== 'string') continue;
      const kinds = [...new Set(uses.filter((u) => u.name === param).map((u) => u.kind))];
      for (const kind of kinds) {
        const names = candidates(ctx, kind);
        if (!names) continue;
        const list = [...names];
        if (list.includes(value)) continue;
        ctx.report({
          path: ['parameters', param, 'default'],
          messageId: 'wrong',
          data: { value, param, what: WHAT[kind], uses: kind, hint: didYouMean(value, list) },
        });
        break;
      }
    }
  },
};
