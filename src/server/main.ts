/**
 * Starts the server: `npm run serve` (or `npm start`, which builds the site first). A bad
 * setting stops the start with the list of what is wrong.
 */
import { readSettings, SettingsError } from './settings.ts';
import { buildApp } from './app.ts';

async function main(): Promise<number> {
  let settings;
  try {
    settings = readSettings();
  } catch (err) {
    if (err instanceof SettingsError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const built = await buildApp(settings);
  // SIGTERM: /readyz answers 503, requests in flight are answered, waiting evaluations run
  // and finish, then sockets, server and database close.
  const stop = async (signal: string) => {
    built.app.log.info(
      `señal ${signal}: terminando lo pendiente (${built.ops.inFlight()} solicitudes en curso)`,
    );
    await built.ops.drain();
    await built.close();
    built.app.log.info('cerrado');
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
  await built.app.listen({ port: settings.port, host: settings.host });
  const mode =
    settings.mode === 'sandbox'
      ? `sandbox (${built.db?.kind === 'postgres' ? 'PostgreSQL' : 'PGlite en ' + settings.dataDir})`
      : `upstream → ${settings.upstreamUrl}`;
  built.app.log.info(`modo ${mode}; sitio en ${settings.publicUrl}`);
  return 0;
}

main().then(
  (code) => {
    if (code !== 0) process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  },
);
