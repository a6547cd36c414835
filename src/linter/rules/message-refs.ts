import { paramRef } from '../../engine/fragment-params.ts';
import { levenshtein, suggest } from '../../engine/suggest.ts';
import { entriesOf, isObj, type Obj, type Path } from '../flow-walk.ts';

/** An i18n key a flow refers to, and where. */
export interface MessageRef {
  key: string;
  path: Path;
}

/**
 * Every i18n key the flow names: its title, step titles, modal titles and messages, button
 * labels, and in a step's `props` the values of properties whose name ends in `Key` (a key)
 * or `Keys` (a list of keys) — the convention views use for their texts.
 */
export function messageRefsOf(flow: Obj): MessageRef[] {
  const refs: MessageRef[] = [];
  const add = (key: unknown, path: Path): void => {
    // A fragment parameter without value ("$name"): the fragment-parameter rule reports it.
    if (typeof key === 'string' && key !== '' && paramRef(key) === undefined) refs.push({ key, path });
  };
  add(flow.title, ['title']);
  if (isObj(flow.progress)) add(flow.progress.title, ['progress', 'title']);
  for (const [id, step] of entriesOf(flow.steps)) {
    add(step.title, ['steps', id, 'title']);
    add(step.progressTitle, ['steps', id, 'progressTitle']);
    if (isObj(step.props)) {
      for (const [name, value] of Object.entries(step.props)) {
        if (name.endsWith('Key')) add(value, ['steps', id, 'props', name]);
        if (name.endsWith('Keys') && Array.isArray(value))
          value.forEach((v, i) => add(v, ['steps', id, 'props', name, i]));
      }
    }
  }
  for (const [id, modal] of entriesOf(flow.modals)) {
    add(modal.title, ['modals', id, 'title']);
    add(modal.message, ['modals', id, 'message']);
    if (isObj(modal.externalLink)) add(modal.externalLink.label, ['modals', id, 'externalLink', 'label']);
    if (Array.isArray(modal.buttons)) {
      modal.buttons.forEach((b, i) => {
        if (isObj(b)) add(b.label, ['modals', id, 'buttons', i, 'label']);
      });
    }
  }
  return refs;
}

/**
 * The existing key a missing one is a likely typo of: the closest key, at most two edits away
 * (message keys are long and share prefixes, so a looser match would call new keys typos).
 */
export function nearKey(key: string, keys: readonly string[]): string | undefined {
  const hit = suggest(key, keys);
  return hit !== undefined && levenshtein(key.toLowerCase(), hit.toLowerCase()) <= 2 ? hit : undefined;
}
