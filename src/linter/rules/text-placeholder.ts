import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf, forEachAction, isObj } from '../flow-walk.ts';
import { namespacesOf, propTextRefsOf } from '../text-refs.ts';
import type { Rule, RuleContext } from '../types.ts';

/** Values the runtime adds to the context when it fills a step's texts (message view: the holder's first name). */
const RUNTIME_VARS = ['nombre'];

const placeholdersOf = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');

/**
 * The values a modal's texts are filled with: the scalar fields of the answer whose outcome
 * opened it (run-action.ts). Undefined when some opener's answer is not described (any name goes).
 */
function modalVars(ctx: RuleContext, modalId: string): Set<string> | undefined {
  const vars = new Set<string>();
  let open = false;
  for (const f of ctx.project.scope(ctx.file)) {
    const flow = ctx.project.dataFor(f, ctx.file);
    if (!flow) continue;
    forEachAction(flow, (action, _path, where) => {
      if (action.modal !== modalId || where.endpoint === undefined) {
        if (action.modal === modalId && where.wait) open = true;
        return;
      }
      const schema = ctx.env.responseSchemas[where.endpoint];
      if (!isObj(schema) || !isObj(schema.properties)) open = true;
      else Object.keys(schema.properties).forEach((k) => vars.add(k));
    });
  }
  return open ? undefined : vars;
}

/**
 * A `{placeholder}` in a text the flow shows is filled by something: in a step's texts, a
 * context value of the flow (or the holder's `nombre`); in a modal's texts, a field of the
 * answer that opens it. An unfilled one is shown as written ("Hola {nombr}").
 */
export const rule: Rule = {
  id: 'text-placeholder',
  meta: {
    description:
      'Every {placeholder} of a text the flow shows is filled by a context value or an answer field.',
    severity: 'error',
    messages: {
      step: 'The text "{{key}}" has the placeholder "{{{name}}}", which no context value of this flow fills: the page would show it as written.{{hint}} Fix the text, or set "{{name}}" in the context.',
      modal:
        'The text "{{key}}" has the placeholder "{{{name}}}", which no answer that opens modal "{{modal}}" has: the modal would show it as written.{{hint}}',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const text = (key: string): string | undefined =>
      Object.hasOwn(ctx.env.messages, key) ? ctx.env.messages[key] : undefined;
    const context = [...ctx.project.contextKeys(ctx.file), ...RUNTIME_VARS];
    const stepRefs = [
      ...entriesOf(flow.steps).flatMap(([id, s]) =>
        typeof s.title === 'string' ? [{ key: s.title, path: ['steps', id, 'title'] }] : [],
      ),
      ...propTextRefsOf(flow, namespacesOf(ctx.env.messages)),
    ];
    for (const ref of stepRefs) {
      for (const name of placeholdersOf(text(ref.key) ?? '')) {
        if (!context.includes(name))
          ctx.report({
            path: ref.path,
            messageId: 'step',
            data: { key: ref.key, name, hint: didYouMean(name, context) },
          });
      }
    }
    for (const [modalId, modal] of entriesOf(flow.modals)) {
      const places: { key: unknown; path: (string | number)[] }[] = [
        { key: modal.title, path: ['modals', modalId, 'title'] },
        { key: modal.message, path: ['modals', modalId, 'message'] },
        ...(Array.isArray(modal.buttons) ? modal.buttons : []).map((b, i) => ({
          key: isObj(b) ? b.label : undefined,
          path: ['modals', modalId, 'buttons', i, 'label'],
        })),
      ];
      let vars: Set<string> | undefined | null = null;
      for (const place of places) {
        if (typeof place.key !== 'string') continue;
        const names = placeholdersOf(text(place.key) ?? '');
        if (names.length === 0) continue;
        if (vars === null) vars = modalVars(ctx, modalId);
        if (vars === undefined) break;
        for (const name of names) {
          if (!vars.has(name))
            ctx.report({
              path: place.path,
              messageId: 'modal',
              data: { key: place.key, name, modal: modalId, hint: didYouMean(name, vars) },
            });
        }
      }
    }
  },
};
