import type { Problem } from './types.ts';

/**
 * Problems in the manner of ESLint's stylish format: a header per file, then
 * `line:column  severity  message  ruleId` aligned in columns, then a summary line.
 * With no problems: `✔ N flow files, 0 problems`.
 */
export function formatStylish(problems: readonly Problem[], fileCount: number): string {
  if (problems.length === 0) return `✔ ${fileCount} flow file${fileCount === 1 ? '' : 's'}, 0 problems\n`;
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  const out: string[] = [];
  for (const [file, list] of byFile) {
    out.push('', file);
    const pos = list.map((p) => `${p.line}:${p.column}`);
    const posWidth = Math.max(...pos.map((s) => s.length));
    const sevWidth = Math.max(...list.map((p) => p.severity.length));
    const msgWidth = Math.max(...list.map((p) => p.message.length));
    list.forEach((p, i) => {
      out.push(
        `  ${(pos[i] ?? '').padEnd(posWidth)}  ${p.severity.padEnd(sevWidth)}  ${p.message.padEnd(msgWidth)}  ${p.ruleId}`,
      );
    });
  }
  const errors = problems.filter((p) => p.severity === 'error').length;
  const warnings = problems.length - errors;
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
  out.push(
    '',
    `✖ ${plural(problems.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`,
    '',
  );
  return out.join('\n');
}
