import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts SweatPact: migrations, then listen; stops gracefully on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({ config });
  await app.listen({ port: config.PORT, host: config.HOST });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      // close() stops accepting, waits for in-flight requests, then runs onClose hooks (database last).
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
