import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';

/**
 * Whether tests that start their own Redis run: when `redis-server` is installed, and always when
 * TEST_REDIS_URL is set (a machine that says it has Redis must not skip them: there they fail instead).
 */
export const canStartRedis =
  Boolean(process.env.TEST_REDIS_URL) || spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPing(port: number) {
  const client = new Redis({
    port,
    host: '127.0.0.1',
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  for (let i = 0; i < 100; i++) {
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      return;
    } catch {
      client.disconnect();
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`redis-server on port ${port} did not answer`);
}

/** A throwaway redis-server on a free loopback port (no persistence), which a test can stop and start again. */
export async function startRedis() {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const start = async () => {
    proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitForPing(port);
  };
  const stop = async () => {
    const running = proc;
    proc = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    // As a crash or a lost host looks: no goodbye to the clients.
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}
