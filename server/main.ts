import path from 'node:path';
import { billingModeLine, loadConfig } from './config';
import { seedFromTemplate } from './db/template';
import { dbTemplateDir } from './paths';
import { claimInstance, type InstanceClaim, InstanceRefused } from './platform/instances';

/** Starts SweatPact: migrations, then listen; stops gracefully on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfig();
  // A first start copies the migrated database template (I/O in libuv's threads) while the app's modules load
  // (CPU on this thread): the build splits the app into its own chunk, so its packages load only at this import.
  // The app's database waits for this same copy; a failure is reported there.
  if (!config.DATABASE_URL) seedFromTemplate(path.join(config.dataDir, 'db'), dbTemplateDir).catch(() => {});
  const { buildApp } = await import('./app');
  const app = await buildApp({ config });
  await app.listen({ port: config.PORT, host: config.HOST });
  const billing = billingModeLine(config);
  app.log[billing.level]({ billingMode: config.billingMode }, billing.message);
  // The page is served from here on; the API waits for the database, and a database that cannot start stops us.
  app.databaseReady.catch(() => process.exit(1));
  // Several instances on one PostgreSQL must share Redis (platform/instances.ts): refused at start otherwise.
  let claim: InstanceClaim | null = null;
  if (config.DATABASE_URL) {
    try {
      await app.databaseReady;
      claim = await claimInstance(app.ctx.db, { withRedis: !!config.REDIS_URL });
    } catch (err) {
      if (!(err instanceof InstanceRefused)) throw err;
      app.log.fatal(err.message);
      await app.close();
      process.exit(1);
    }
  }

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
      await claim?.release().catch(() => {});
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
