/**
 * The list of what only the service sets (service-facts.ts) against the service's own code:
 * every key the sandbox handlers and the domain write onto an application's data themselves
 * (the data of `setState` and `updateProspect`) is in the list. A new service-written key that is not listed would let a body plant it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isServiceFact } from './service-facts.ts';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [p] : [];
  });
}

/** The text of the call's argument list starting at `open` (the index of its "("), split at top-level commas. */
function argumentsAt(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i));
        return args.map((a) => a.trim());
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i));
      start = i + 1;
    }
  }
  return args;
}

/** The top-level keys of an object literal's text (`{ a: 1, b, ...c }` → a, b). */
function topKeys(literal: string): string[] {
  const t = literal.trim();
  if (!t.startsWith('{')) return [];
  const keys: string[] = [];
  let depth = 0;
  let part = '';
  for (const c of t.slice(1, -1) + ',') {
    if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      const m = /^\s*(\w+)\s*(?::|$)/.exec(part);
      if (m) keys.push(m[1]!);
      part = '';
    } else part += c;
  }
  return keys;
}

/**
 * The keys a file writes onto an application's data: the data argument of `setState(db, p,
 * step, estado, now, data)` and the `data` of `updateProspect(db, p, { data })`.
 */
function writtenKeys(file: string): { key: string; file: string }[] {
  const text = readFileSync(file, 'utf8');
  const out: { key: string; file: string }[] = [];
  for (const m of text.matchAll(/\b(setState|updateProspect)\(/g)) {
    const args = argumentsAt(text, m.index + m[0].length - 1);
    let data: string | undefined;
    if (m[1] === 'setState') data = args[5];
    else {
      const patch = args[2] ?? '';
      const at = patch.search(/\bdata:\s*\{/);
      if (at >= 0) data = patch.slice(patch.indexOf('{', at));
      if (data !== undefined) data = data.slice(0, closing(data) + 1);
    }
    for (const key of topKeys(data ?? '')) out.push({ key, file });
  }
  return out;
}

/** The index of the brace closing the one `text` starts with. */
function closing(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length - 1;
}

describe('what only the service sets', () => {
  const root = join(import.meta.dirname);
  const written = [join(root, 'domain'), join(root, 'sandbox', 'handlers')]
    .flatMap(sources)
    .flatMap(writtenKeys);

  it('finds the keys the service writes (the scan reads the code)', () => {
    expect(written.map((w) => w.key)).toEqual(
      expect.arrayContaining(['identidad', 'documentosContrato', 'numeroPoliza', 'score']),
    );
  });

  it('lists every key the service writes on an application itself', () => {
    const unlisted = written.filter((w) => !isServiceFact(w.key));
    expect(unlisted.map((w) => `${w.key} (${w.file.slice(root.length + 1)})`)).toEqual([]);
  });
});
