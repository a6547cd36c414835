import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf, isObj } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * A request body's `pick` keeps fields that the body has: fields of the step's form (when it
 * merges `form`), context values (when it merges `context`), URL parameters (`params`), or
 * fields it sets in `with`. A picked field nobody provides is silently left out of the request.
 * Not checked when the body merges the data of a view without a form schema (what the view
 * sends is not described) or a form the environment does not have (`unknown-form` says so).
 */
export const rule: Rule = {
  id: 'form-field',
  meta: {
    description: 'Fields a request picks are in the form, the context, the parameters or its "with".',
    severity: 'error',
    messages: {
      missing:
        'The request picks "{{field}}", which neither {{sources}} has: it would be sent without it.{{hint}} Add the field to the form schema, set it in "with", or fix the name.',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const routes = Array.isArray(flow.routes) ? flow.routes : [];
    const lonelyFragment = routes.length === 0 && ctx.project.includedBy(ctx.file).length === 0;
    for (const [stepId, step] of entriesOf(flow.steps)) {
      for (const [trigger, call] of entriesOf(step.calls)) {
        const body = call.body;
        if (!isObj(body) || !Array.isArray(body.pick)) continue;
        const from = Array.isArray(body.from) ? body.from : [];
        const names = new Set<string>(isObj(body.with) ? Object.keys(body.with) : []);
        const sources: string[] = ['"with"'];
        if (from.includes('form')) {
          const form = typeof step.form === 'string' ? ctx.env.forms[step.form] : undefined;
          const props =
            form && isObj(form.schema) && isObj(form.schema.properties) ? form.schema.properties : undefined;
          if (!props) continue;
          Object.keys(props).forEach((k) => names.add(k));
          sources.push(`form "${String(step.form)}"`);
        }
        if (from.includes('context')) {
          // A fragment checked without a flow that includes it: the context is the host's.
          if (lonelyFragment) continue;
          ctx.project.contextKeys(ctx.file).forEach((k) => names.add(k));
          (ctx.env.runtimeContext ?? []).forEach((k) => names.add(k));
          sources.push('the context');
        }
        if (from.includes('params')) {
          ctx.project.params(ctx.file).forEach((k) => names.add(k));
          sources.push('the URL parameters');
        }
        body.pick.forEach((field, i) => {
          if (typeof field !== 'string' || names.has(field)) return;
          ctx.report({
            path: ['steps', stepId, 'calls', trigger, 'body', 'pick', i],
            messageId: 'missing',
            data: { field, sources: sources.join(', '), hint: didYouMean(field, names) },
          });
        });
      }
    }
  },
};
