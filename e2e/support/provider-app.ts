import { startTestOidcProvider, type TestOidcProvider } from '../../server/modules/auth/test-oidc-provider';
import { startOwnApp } from './own-app';

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

export async function startProviderApp(): Promise<ProviderApp> {
  const e2ePort = Number(process.env.E2E_PORT ?? 3100);
  const port = Number(process.env.E2E_PROVIDER_APP_PORT ?? e2ePort + 400);
  const url = `http://localhost:${port}`;
  const oidc = await startTestOidcProvider({ redirectUris: [`${url}/api/auth/callback/google`] });
  try {
    const app = await startOwnApp({
      port,
      env: {
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        GOOGLE_ISSUER: oidc.issuer,
      },
    });
    return {
      url,
      oidc,
      async close() {
        await app.close();
        await oidc.close();
      },
    };
  } catch (err) {
    await oidc.close();
    throw err;
  }
}
