import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startTestOidcProvider, type TestOidcProvider } from '../../server/modules/auth/test-oidc-provider';

/**
 * The built app a second time, with Google sign-in pointed at a real OpenID Connect provider started here.
 * The suite's shared server keeps no provider configured, so its journeys still see the "- Soon" buttons.
 * Port: E2E_PROVIDER_APP_PORT, else E2E_PORT + 400; the provider takes any free port.
 */
export interface ProviderApp {
  url: string;
  oidc: TestOidcProvider;
  close(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '..', '..');

export async function startProviderApp(): Promise<ProviderApp> {
  const e2ePort = Number(process.env.E2E_PORT ?? 3100);
  const port = Number(process.env.E2E_PROVIDER_APP_PORT ?? e2ePort + 400);
  const url = `http://localhost:${port}`;
  const oidc = await startTestOidcProvider({ redirectUris: [`${url}/api/auth/callback/google`] });

  // The snapshot of the build the suite's server runs (e2e/support/web-server.mjs), else the checkout's build.
  const snapshot = path.join(root, '.tmp', `e2e-app-${e2ePort}`);
  const appDir = fs.existsSync(path.join(snapshot, 'dist', 'server', 'main.mjs')) ? snapshot : root;
  const dataDir = path.join(root, '.tmp', `e2e-provider-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|PUBLIC_URL|DISABLE_RATE_LIMIT|SERVE_CLIENT|TRUST_PROXY)$/.test(key))
      delete env[key];
    if (/^(GOOGLE|APPLE|FACEBOOK)_/.test(key)) delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
  });
  const child = spawn(process.execPath, [path.join(appDir, 'dist', 'server', 'main.mjs')], {
    cwd: appDir,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(url, child);
  } catch (err) {
    child.kill('SIGTERM');
    await oidc.close();
    throw err;
  }
  return {
    url,
    oidc,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await oidc.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess) {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`provider app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`provider app did not answer on ${url}`);
}
