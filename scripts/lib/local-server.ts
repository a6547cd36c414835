/**
 * Starts the real server (sandbox mode, built site from `dist/`) on a free port with a fresh
 * temporary DATA_DIR, for the command-line tools that need a running site (Lighthouse,
 * screenshots). `stop()` ends that process and removes the data directory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.ts';

export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts `node --import tsx src/server/main.ts`; resolves once `/` answers 200 (up to `waitMs`). */
export async function startLocalServer(
  env: Record<string, string> = {},
  waitMs = 120_000,
): Promise<LocalServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'credito-tool-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (code ${child.exitCode}) before answering:\n${stderr}`);
    try {
      if ((await fetch(url + '/')).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(
    `The server did not answer ${url}/ within ${waitMs} ms. Did \`npm run build\` run?\n${stderr}`,
  );
}
