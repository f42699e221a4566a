import { buildApp } from './app.ts';
import { EnvError, listenProblem, loadEnv } from './config/env.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/** Listens, and shuts down cleanly on SIGTERM/SIGINT (closing the app closes the database). */
async function main(): Promise<void> {
  const env = loadEnv();
  // Production listens only where HOST says (docs/decisions/014).
  const problem = listenProblem(env);
  if (problem) throw new EnvError(problem);
  const app = await buildApp({ env });

  let closing = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  // A configuration error and a data folder in use by another process are told in plain words.
  console.error(error instanceof EnvError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
