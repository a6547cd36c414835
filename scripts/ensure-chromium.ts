/**
 * Makes sure Debian's Chromium is at /usr/bin/chromium for the browser tests (no test tool
 * can download its own browser here). When it is missing: as root, installs it with apt;
 * otherwise stops and says how to install it. Exit code 0 when Chromium is there, 1 if not.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

function run(command: string): boolean {
  console.log(`$ ${command}`);
  return (
    spawnSync('sh', ['-c', command], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  );
}

function main(): number {
  if (existsSync(CHROMIUM)) return 0;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(
      `Chromium is missing (${CHROMIUM}) and this user cannot install it.\n` +
        'Install it once, then run the browser tests again:\n  sudo apt-get update && sudo apt-get install -y chromium',
    );
    return 1;
  }
  console.log(`Chromium is missing (${CHROMIUM}): installing Debian's package.`);
  if (!run('apt-get update') || !run('apt-get install -y chromium') || !existsSync(CHROMIUM)) {
    console.error(
      `Could not install Chromium with apt-get. Install the "chromium" package by hand so that ${CHROMIUM} exists.`,
    );
    return 1;
  }
  return 0;
}

process.exitCode = main();
