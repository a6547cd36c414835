import type { Problem } from './types.ts';

/** Problems as a JSON array of `{ ruleId, severity, message, file, path, line, column }`. */
export function formatJson(problems: readonly Problem[]): string {
  return JSON.stringify(problems, null, 2) + '\n';
}
