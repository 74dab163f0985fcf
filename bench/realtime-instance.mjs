// One SweatPact app instance for the real-time benchmark, run with `node --import tsx` (the server is TypeScript).
// Reads its settings from the environment (DATA_DIR, DATABASE_URL, REDIS_URL) and prints `PORT <n>` when listening.
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';

const config = loadConfig({
  ...process.env,
  SERVE_CLIENT: 'false',
  DISABLE_RATE_LIMIT: 'true',
  LOG_LEVEL: 'warn',
});
const app = await buildApp({ config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`PORT ${app.server.address().port}\n`);
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
