import { parseTree, printParseErrorCode, type Node as JsonNode, type ParseError } from 'jsonc-parser';
import type { ParsedFlow, PathSegment } from './types.ts';

/** Offsets at which each line of `text` starts (line 1 starts at 0). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return starts;
}

/** 1-based line and column of a character offset. */
export function positionAt(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lineStarts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - (lineStarts[lo] ?? 0) + 1 };
}

/**
 * Parses a flow file. The data comes from `JSON.parse`; the syntax tree (for positions) is
 * built only when something asks for it, since most files have few or no problems.
 */
export function parseFlow(
  path: string,
  text: string,
): { file: ParsedFlow; errors: { message: string; offset: number }[] } {
  const lineStarts = lineStartsOf(text);
  let data: unknown = null;
  let ok = true;
  try {
    data = JSON.parse(text) as unknown;
  } catch {
    ok = false;
  }
  let tree: JsonNode | undefined;
  let parsed = false;
  const errors: ParseError[] = [];
  const buildTree = (): JsonNode | undefined => {
    if (!parsed) {
      parsed = true;
      tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    }
    return tree;
  };
  if (!ok) buildTree();
  const file: ParsedFlow = {
    path,
    text,
    data,
    lineStarts,
    ok,
    get tree() {
      return buildTree();
    },
  };
  return { file, errors: errors.map((e) => ({ message: printParseErrorCode(e.error), offset: e.offset })) };
}

/**
 * True when some object in the JSON text repeats a key (which `JSON.parse` silently
 * collapses). A light scan: cheaper than building the syntax tree.
 */
export function hasDuplicateKeys(text: string): boolean {
  const stack: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top) {
        const key = text.slice(i + 1, j);
        if (top.has(key)) return true;
        top.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 123 /* { */) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 91 /* [ */) {
      stack.push(null);
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
    } else if (c === 44 /* , */) {
      expectKey = stack[stack.length - 1] !== null && stack.length > 0;
    }
  }
  return false;
}

/** The child of an object node holding property `key` (the last one when a key is repeated). */
function propertyNode(node: JsonNode, key: string): JsonNode | undefined {
  let found: JsonNode | undefined;
  for (const prop of node.children ?? []) {
    if (prop.children?.[0]?.value === key) found = prop;
  }
  return found;
}

/**
 * The node at `path`, or the deepest existing ancestor when the path goes past what exists
 * (a missing property is shown at the object that lacks it). With `atKey`, the property's
 * name is returned instead of its value.
 */
export function nodeAt(
  tree: JsonNode | undefined,
  path: readonly PathSegment[],
  atKey = false,
): JsonNode | undefined {
  let node = tree;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i];
    const last = i === path.length - 1;
    if (node.type === 'object' && typeof seg === 'string') {
      const prop = propertyNode(node, seg);
      if (!prop) return node;
      if (last && atKey) return prop.children?.[0];
      const value = prop.children?.[1];
      if (!value) return prop;
      node = value;
    } else if (node.type === 'array' && typeof seg === 'number') {
      const item = node.children?.[seg];
      if (!item) return node;
      node = item;
    } else if (node.type === 'array' && typeof seg === 'string' && /^\d+$/.test(seg)) {
      const item = node.children?.[Number(seg)];
      if (!item) return node;
      node = item;
    } else {
      return node;
    }
  }
  return node;
}

/** A JSON pointer (RFC 6901) from path segments. */
export function toPointer(path: readonly PathSegment[]): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/** Path segments from a JSON pointer. */
export function fromPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
