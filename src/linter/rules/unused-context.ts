import { entriesOf, forEachAction, isObj, type Obj, type Path } from '../flow-walk.ts';
import { allTextRefsOf, namespacesOf } from '../text-refs.ts';
import type { Rule, RuleContext } from '../types.ts';

/** Context keys read by a flow: `var` paths, whole-context request bodies (all), picked fields, prop values naming a key. */
function readsOf(flow: Obj): { keys: Set<string>; all: boolean } {
  const keys = new Set<string>();
  let all = false;
  const walk = (node: unknown): void => {
    if (typeof node === 'string') {
      keys.add(node);
      const m = /^context\.([^.]+)/.exec(node);
      if (m) keys.add(m[1] ?? '');
    } else if (Array.isArray(node)) node.forEach(walk);
    else if (isObj(node)) Object.values(node).forEach(walk);
  };
  for (const [, step] of entriesOf(flow.steps)) {
    // Everything a step's calls, waits, timers and props name (var paths, picked fields, list keys).
    walk([step.calls, step.wait, step.timers, step.props, step.next]);
    for (const [, call] of entriesOf(step.calls)) {
      const body = call.body;
      if (
        isObj(body) &&
        Array.isArray(body.from) &&
        body.from.includes('context') &&
        !Array.isArray(body.pick)
      )
        all = true;
    }
  }
  walk(flow.modals);
  forEachAction(flow, (action) => walk(action.set));
  return { keys, all };
}

/** Where each context key is set in `flow`: a default, a `set`, an `assign`. */
function writesOf(flow: Obj): { key: string; path: Path }[] {
  const out: { key: string; path: Path }[] = [];
  if (isObj(flow.context))
    for (const key of Object.keys(flow.context)) out.push({ key, path: ['context', key] });
  forEachAction(flow, (action, path) => {
    if (isObj(action.set))
      for (const key of Object.keys(action.set)) out.push({ key, path: [...path, 'set', key] });
  });
  for (const [id, step] of entriesOf(flow.steps)) {
    for (const [trigger, call] of entriesOf(step.calls))
      if (isObj(call.assign))
        for (const key of Object.keys(call.assign))
          out.push({ key, path: ['steps', id, 'calls', trigger, 'assign', key] });
    if (isObj(step.wait) && isObj(step.wait.assign))
      for (const key of Object.keys(step.wait.assign))
        out.push({ key, path: ['steps', id, 'wait', 'assign', key] });
  }
  return out;
}

function placeholderReads(ctx: RuleContext, flow: Obj): string[] {
  return allTextRefsOf(flow, namespacesOf(ctx.env.messages)).flatMap((ref) =>
    [...(ctx.env.messages[ref.key] ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
  );
}

/**
 * A context value the flow sets is read somewhere: by a `var` of the flow or of a flow sharing
 * its steps (fragments, including flows), a request body, a view prop, a text placeholder, or
 * the web runtime by name. One nobody reads is a leftover or a misspelt name. (A value read and
 * never set is `unknown-var`'s.) A flow that sends the whole context to a call is not checked.
 */
export const rule: Rule = {
  id: 'unused-context',
  meta: {
    description: 'Every context value a flow sets is read somewhere.',
    severity: 'error',
    messages: {
      unused:
        'The context value "{{key}}" is set here but nothing reads it (no var, request, view prop, text or runtime): remove it, or fix the name where it is read.',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const read = new Set<string>(ctx.env.runtimeContextReads ?? []);
    for (const f of ctx.project.scope(ctx.file)) {
      const data = ctx.project.dataFor(f, ctx.file);
      if (!data) continue;
      const r = readsOf(data);
      if (r.all) return;
      r.keys.forEach((k) => read.add(k));
      placeholderReads(ctx, data).forEach((k) => read.add(k));
    }
    const seen = new Set<string>();
    for (const { key, path } of writesOf(flow)) {
      if (read.has(key) || seen.has(key)) continue;
      seen.add(key);
      ctx.report({ path, atKey: true, messageId: 'unused', data: { key } });
    }
  },
};
