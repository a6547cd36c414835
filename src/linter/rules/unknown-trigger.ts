import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf, isObj, type Obj } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * The triggers each view raises (src/web/views): every step is entered (`enter`); the views
 * with a main button send `submit`; the simulator's "reject" link sends its `rejectAction` (or
 * `rechazar`), the token view's "send again" `resend`, the message view's button its `action`
 * (or `continue`). Phases and loading raise nothing but `enter`.
 */
export function triggersOf(view: string, step: Obj): string[] {
  const props = isObj(step.props) ? step.props : {};
  const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v !== '' ? v : fallback);
  const out = ['enter'];
  if (!['phases', 'loading', 'message'].includes(view)) out.push('submit');
  if (view === 'simulator') out.push(str(props.rejectAction, 'rechazar'));
  if (view === 'token') out.push('resend');
  if (view === 'message' && props.button !== undefined) out.push(str(props.action, 'continue'));
  return out;
}

/** A call's trigger is one its step's view raises: any other call never runs. */
export const rule: Rule = {
  id: 'unknown-trigger',
  meta: {
    description: "Every call of a step is keyed by a trigger the step's view raises.",
    severity: 'error',
    messages: {
      trigger:
        'The "{{view}}" view never raises "{{trigger}}", so this call never runs. It raises: {{raised}}.{{hint}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const [stepId, step] of entriesOf(ctx.flow.steps)) {
      if (typeof step.view !== 'string' || !ctx.env.views.includes(step.view)) continue;
      const raised = triggersOf(step.view, step);
      for (const trigger of Object.keys(isObj(step.calls) ? step.calls : {})) {
        if (raised.includes(trigger)) continue;
        ctx.report({
          path: ['steps', stepId, 'calls', trigger],
          atKey: true,
          messageId: 'trigger',
          data: { view: step.view, trigger, raised: raised.join(', '), hint: didYouMean(trigger, raised) },
        });
      }
    }
  },
};
