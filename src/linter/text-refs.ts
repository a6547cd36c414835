/**
 * Text keys a flow names anywhere in a step's `props`, beyond the `…Key` convention: views read
 * `title`, `message`, `button` and others as keys of i18n/es-PE.json. A prop value is taken
 * for a key when it is dotted (`firma.felicitaciones.message`) and its first segment is a
 * namespace of the texts (so `"status": "success"` and file names are not).
 */
import { paramRef } from '../engine/fragment-params.ts';
import { entriesOf, isObj, type Obj, type Path } from './flow-walk.ts';
import { messageRefsOf, type MessageRef } from './rules/message-refs.ts';

const KEY_LIKE = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;

/** Namespaces (first segments) of the text keys. */
export function namespacesOf(messages: Readonly<Record<string, string>>): Set<string> {
  return new Set(Object.keys(messages).map((k) => k.split('.')[0] ?? ''));
}

/** Prop values of the steps that look like text keys, except under props named `…Key`/`…Keys` (message-refs reads those). */
export function propTextRefsOf(flow: Obj, namespaces: ReadonlySet<string>): MessageRef[] {
  const refs: MessageRef[] = [];
  const walk = (value: unknown, path: Path): void => {
    if (typeof value === 'string') {
      if (KEY_LIKE.test(value) && paramRef(value) === undefined && namespaces.has(value.split('.')[0] ?? ''))
        refs.push({ key: value, path });
    } else if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (isObj(value)) for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  for (const [id, step] of entriesOf(flow.steps)) {
    if (!isObj(step.props)) continue;
    for (const [name, value] of Object.entries(step.props))
      if (!name.endsWith('Key') && !name.endsWith('Keys')) walk(value, ['steps', id, 'props', name]);
  }
  return refs;
}

/** Every text key the flow shows: the fixed places and the key-like prop values. */
export function allTextRefsOf(flow: Obj, namespaces: ReadonlySet<string>): MessageRef[] {
  return [...messageRefsOf(flow), ...propTextRefsOf(flow, namespaces)];
}
