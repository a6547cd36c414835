import type { Node as JsonNode } from 'jsonc-parser';
import { hasDuplicateKeys, parseFlow, positionAt } from '../json-position.ts';
import type { ParsedFlow, Rule } from '../types.ts';

/** Every key node repeated in an object of `tree`, with the first one, except in `cases` (shadowed-rule). */
function repeatedKeys(tree: JsonNode | undefined): { first: JsonNode; again: JsonNode; key: string }[] {
  const out: { first: JsonNode; again: JsonNode; key: string }[] = [];
  const walk = (node: JsonNode, parentKey: string | undefined): void => {
    if (node.type === 'object') {
      const seen = new Map<string, JsonNode>();
      for (const prop of node.children ?? []) {
        const keyNode = prop.children?.[0];
        const value = prop.children?.[1];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        const first = seen.get(key);
        if (first && parentKey !== 'cases') out.push({ first, again: keyNode, key });
        else if (!first) seen.set(key, keyNode);
        if (value) walk(value, key);
      }
    } else if (node.type === 'array') {
      for (const item of node.children ?? []) walk(item, undefined);
    }
  };
  if (tree) walk(tree, undefined);
  return out;
}

/**
 * No JSON object of a flow, a form schema or the texts repeats a key: `JSON.parse` keeps the
 * last one silently, so the analyst's other edit is lost. (A repeated `cases` code is
 * `shadowed-rule`'s.) A light scan finds the files with one; only those get a syntax tree.
 */
export const rule: Rule = {
  id: 'duplicate-key',
  meta: {
    description: 'No JSON object repeats a key (JSON keeps only the last one).',
    severity: 'error',
    scope: 'project',
    messages: {
      duplicate:
        'Key "{{key}}" appears twice in this object (first at line {{line}}). JSON keeps only this last one, so the first is lost: merge the two, or rename one.',
    },
  },
  check(ctx) {
    const others: ParsedFlow[] = (ctx.env.files ?? []).map((s) => parseFlow(s.path, s.text).file);
    for (const file of [...ctx.project.files, ...others]) {
      if (!file.ok || !hasDuplicateKeys(file.text)) continue;
      for (const { first, again, key } of repeatedKeys(file.tree)) {
        const { line } = positionAt(file.lineStarts, first.offset);
        ctx.report({ file, path: [], node: again, messageId: 'duplicate', data: { key, line } });
      }
    }
  },
};
