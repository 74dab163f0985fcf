import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { accounts, providerSignups, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { cookieFrom, ORIGIN } from '../../test/factories';
import {
  authorizeWithoutBrowser,
  startTestOidcProvider,
  type TestIdentity,
  type TestOidcProvider,
} from './test-oidc-provider';

/** The test app's public origin (PUBLIC_URL unset: localhost on the default port). */
export const APP_URL = 'http://localhost:3000';
export const GOOGLE_CALLBACK = `${APP_URL}/api/auth/callback/google`;

export interface ProviderWorld {
  t: TestApp;
  oidc: TestOidcProvider;
  close(): Promise<void>;
}

/** A test app with Google pointed at a real local OpenID Connect provider. */
export async function providerWorld(): Promise<ProviderWorld> {
  const oidc = await startTestOidcProvider({ redirectUris: [GOOGLE_CALLBACK] });
  const t = await createTestApp({
    GOOGLE_CLIENT_ID: oidc.clientId,
    GOOGLE_CLIENT_SECRET: oidc.clientSecret,
    GOOGLE_ISSUER: oidc.issuer,
  });
  return {
    t,
    oidc,
    async close() {
      await t.close();
      await oidc.close();
    },
  };
}

let n = 0;
/** A provider identity nobody used yet. */
export function identity(overrides: Partial<TestIdentity> = {}): TestIdentity {
  n += 1;
  const tag = `${n}-${randomBytes(3).toString('hex')}`;
  return {
    sub: `sub-${tag}`,
    email: `person-${tag}@example.com`,
    emailVerified: true,
    givenName: 'Ada',
    familyName: 'Lovelace',
    ...overrides,
  };
}

/** A browser's cookies for the app, kept across requests as a browser would. */
export class Browser {
  private jar = new Map<string, string>();
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  keep(setCookie: string | string[] | undefined) {
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const line of list) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1);
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (expired) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  has(name: string) {
    return this.jar.has(name);
  }
}

/** GET /api/auth/oauth/google: answers the provider's authorization URL and keeps the state cookie. */
export async function startSignIn(w: ProviderWorld, browser: Browser): Promise<string> {
  const res = await w.t.app.inject({ url: '/api/auth/oauth/google', headers: { cookie: browser.cookie } });
  expect(res.statusCode).toBe(302);
  browser.keep(res.headers['set-cookie']);
  return String(res.headers.location);
}

/** Sends the browser to the app's callback with the provider's answer; answers where the app sends it next. */
export async function callback(w: ProviderWorld, browser: Browser, url: URL | string): Promise<string> {
  const u = new URL(url);
  const res = await w.t.app.inject({ url: `${u.pathname}${u.search}`, headers: { cookie: browser.cookie } });
  expect(res.statusCode).toBe(302);
  browser.keep(res.headers['set-cookie']);
  return String(res.headers.location);
}

/** The whole round trip as `who`, consent allowed or denied: answers where the app sends the browser. */
export async function signInWithProvider(
  w: ProviderWorld,
  who: TestIdentity,
  opts: { browser?: Browser; consent?: 'allow' | 'deny' } = {},
) {
  const browser = opts.browser ?? new Browser();
  w.oidc.nextLogin(who);
  const authorizationUrl = await startSignIn(w, browser);
  const back = await authorizeWithoutBrowser(authorizationUrl, {
    consent: opts.consent ?? 'allow',
    returnTo: GOOGLE_CALLBACK,
  });
  const location = await callback(w, browser, back);
  return { browser, location, callbackUrl: back };
}

/** POST /api/auth/provider-signup from this browser. */
export async function completeSignup(w: ProviderWorld, browser: Browser, body: object) {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/auth/provider-signup',
    headers: { cookie: browser.cookie, origin: ORIGIN },
    payload: body,
  });
  browser.keep(res.headers['set-cookie']);
  return res;
}

export const sessionCookieOf = (setCookie: string | string[] | undefined) =>
  cookieFrom(setCookie)
    .split('; ')
    .find((c) => c.startsWith('sweatpact.session_token='));

/** What the provider journeys read back: the users with an address, Google links and parked sign-ups of an id. */
export function worldReads(world: () => ProviderWorld) {
  const db = () => world().t.database.db;
  return {
    db,
    usersWithEmail: (email: string) => db().select().from(users).where(eq(users.email, email)),
    googleLinks: (accountId: string) => db().select().from(accounts).where(eq(accounts.accountId, accountId)),
    pendingRows: (accountId: string) =>
      db().select().from(providerSignups).where(eq(providerSignups.accountId, accountId)),
    me: (cookie: string) => world().t.app.inject({ url: '/api/auth/user', headers: { cookie } }),
  };
}
