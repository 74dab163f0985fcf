import net from 'node:net';
import { beforeAll, describe } from 'vitest';

/** The outside services some tests need, each named by the variable that points the tests at it. */
export type ServiceVar = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL';

/** The title a suite gets when skipped for want of `envVar`: the run reporter allows exactly these skips. */
export const needsTag = (envVar: ServiceVar) => `[needs ${envVar}]`;

/** Resolves when something accepts TCP connections at the URL's host and port, rejects after 3 s otherwise. */
function answers(url: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const fallback = url.startsWith('redis') ? 6379 : 5432;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port || fallback), timeout: 3000 });
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error('timed out'));
    });
    socket.once('error', reject);
  });
}

/**
 * A suite that needs an outside service: it runs when `envVar` is set, and then fails (it never skips) if the
 * service does not answer; without `envVar` it is skipped under a title saying what it needs.
 */
export function describeNeeds(envVar: ServiceVar, title: string, fn: () => void) {
  const url = process.env[envVar];
  if (!url) return describe.skip(`${title} ${needsTag(envVar)}`, fn);
  return describe(title, () => {
    beforeAll(async () => {
      await answers(url).catch((err: Error) => {
        throw new Error(`${envVar} is set but ${url} does not answer (${err.message}): the suite cannot run`);
      });
    });
    fn();
  });
}
