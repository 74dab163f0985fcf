// Helpers of the real-time benchmarks: app instances as child processes (TypeScript through tsx), JSON posts, users.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { root, startNodeWithPort } from './lib.mjs';

export function fetchJson(url, body, headers = {}, agent) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          res.statusCode < 300
            ? resolve({ res, body: text ? JSON.parse(text) : null })
            : reject(new Error(`${url}: ${res.statusCode} ${text}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** `nodeArgs`: extra Node flags for the instance, e.g. `--cpu-prof --cpu-prof-dir=DIR` (written when it stops). */
export function startInstance(env, script = 'realtime-instance.mjs', nodeArgs = []) {
  return startNodeWithPort([...nodeArgs, '--import', 'tsx', path.join(root, 'bench', script)], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', ...env },
  });
}

export async function signUp(base, origin, i) {
  const { res, body } = await fetchJson(
    `${base}/api/auth/signup`,
    {
      email: `bench${i}-${randomBytes(3).toString('hex')}@example.com`,
      password: 'correct horse battery',
      dateOfBirth: '1990-01-01',
      firstName: `Bench${i}`,
      lastName: 'User',
      timeZone: 'UTC',
    },
    { origin },
  );
  const cookie = [res.headers['set-cookie']]
    .flat()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, user: body.user };
}
