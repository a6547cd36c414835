/**
 * Adds or updates keys in i18n/es-PE.json, keeping the file sorted by key.
 * Usage: node --import tsx scripts/i18n-add.ts key "texto" [key "texto" …]
 * Several people may add keys at once: run it under `flock /tmp/i18n.lock`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('../i18n/es-PE.json', import.meta.url));
const args = process.argv.slice(2);
if (args.length === 0 || args.length % 2 !== 0) {
  console.error('Uso: i18n-add.ts clave "texto" [clave "texto" …]');
  process.exitCode = 2;
} else {
  const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  for (let i = 0; i < args.length; i += 2) messages[args[i]!] = args[i + 1]!;
  const sorted = Object.fromEntries(Object.entries(messages).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(file, JSON.stringify(sorted, null, 2) + '\n');
}
