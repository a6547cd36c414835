/**
 * How much of the flow files is written twice: the share of lines that belong to a block of
 * {@link MIN_BLOCK} or more consecutive lines standing, identically (indentation aside), in
 * another place of the same file or of another file. Lines of brackets and commas only are
 * left out before counting (they say nothing, and would make any two endings of a step alike). `npm run lint:flows` prints the figure and warns above {@link WARN_PERCENT}.
 */
import type { FlowSource } from './types.ts';

export const MIN_BLOCK = 6;
export const WARN_PERCENT = 5;

export interface Duplication {
  /** Lines of all files (blank lines and lines of brackets only left out). */
  lines: number;
  /** Lines inside a block that is repeated somewhere. */
  duplicated: number;
  percent: number;
  /** Repeated lines per file path. */
  byFile: Record<string, number>;
}

const trivial = (line: string): boolean => /^[[\]{},]*$/.test(line);

export function measureDuplication(files: readonly FlowSource[]): Duplication {
  const texts = files.map((f) =>
    f.text
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !trivial(l)),
  );
  const seen = new Map<string, number>();
  const windows = texts.map((lines) => {
    const keys: string[] = [];
    for (let i = 0; i + MIN_BLOCK <= lines.length; i++) {
      const key = lines.slice(i, i + MIN_BLOCK).join('\n');
      keys.push(key);
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    return keys;
  });
  let total = 0;
  let duplicated = 0;
  const byFile: Record<string, number> = {};
  texts.forEach((lines, f) => {
    const marked = new Array<boolean>(lines.length).fill(false);
    windows[f]!.forEach((key, i) => {
      if ((seen.get(key) ?? 0) > 1) for (let j = i; j < i + MIN_BLOCK; j++) marked[j] = true;
    });
    const count = marked.filter(Boolean).length;
    total += lines.length;
    duplicated += count;
    byFile[files[f]!.path] = count;
  });
  return { lines: total, duplicated, percent: total === 0 ? 0 : (100 * duplicated) / total, byFile };
}
