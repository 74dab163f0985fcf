import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) for tests: authorization code with PKCE, signed ID
 * tokens, discovery and JWKS. Its login step signs in whichever identity the test chose with `nextLogin`; its
 * consent step is a page with "Allow" and "Deny" buttons (a browser clicks them; `authorizeWithoutBrowser` posts).
 */
export interface TestIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The identity the next login step signs in as. */
  nextLogin(identity: TestIdentity): void;
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${title}</title></head><body style="font-family:sans-serif;padding:24px">${body}</body></html>`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startTestOidcProvider(opts: {
  /** The app's callback URLs the test client may return to. */
  redirectUris: string[];
  port?: number;
}): Promise<TestOidcProvider> {
  const clientId = 'sweatpact-test';
  const clientSecret = randomBytes(24).toString('hex');
  const identities = new Map<string, TestIdentity>();
  let next: TestIdentity | null = null;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    adapter: memoryAdapter(),
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    pkce: { required: () => true, methods: ['S256'] },
    // Like Google: the email claims ride in the ID token too.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const who = identities.get(sub);
      if (!who) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: who.email,
            email_verified: who.emailVerified,
            given_name: who.givenName,
            family_name: who.familyName,
            name: [who.givenName, who.familyName].filter(Boolean).join(' ') || undefined,
          };
        },
      };
    },
  });
  provider.use(async (ctx, nextMiddleware) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(allow|deny))?$/.exec(ctx.path);
    if (!match) return nextMiddleware();
    await interaction(provider, ctx as KoaContextWithOIDC, match[2] as 'allow' | 'deny' | undefined, () => {
      if (!next) throw new Error('test OIDC provider: call nextLogin() before signing in');
      identities.set(next.sub, next);
      return next.sub;
    });
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    nextLogin(identity) {
      next = identity;
      identities.set(identity.sub, identity);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The provider's storage, in this process and this provider's lifetime only (what a test needs). */
function memoryAdapter() {
  const store = new Map<string, AdapterPayload>();
  const sessionsByUid = new Map<string, string>();
  const byGrant = new Map<string, string[]>();
  return class MemoryAdapter implements Adapter {
    constructor(private model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), payload);
      if (this.model === 'Session' && payload.uid) sessionsByUid.set(payload.uid, id);
      if (payload.grantId)
        byGrant.set(payload.grantId, [...(byGrant.get(payload.grantId) ?? []), this.key(id)]);
    }
    async find(id: string) {
      return store.get(this.key(id));
    }
    async findByUid(uid: string) {
      const id = sessionsByUid.get(uid);
      return id ? this.find(id) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const found = store.get(this.key(id));
      if (found) found.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of byGrant.get(grantId) ?? []) store.delete(key);
      byGrant.delete(grantId);
    }
  };
}

async function interaction(
  provider: Provider,
  ctx: KoaContextWithOIDC,
  decision: 'allow' | 'deny' | undefined,
  login: () => string,
) {
  const details = await provider.interactionDetails(ctx.req, ctx.res);
  const { uid, prompt, params, session } = details;
  if (prompt.name === 'login') {
    await provider.interactionFinished(ctx.req, ctx.res, { login: { accountId: login() } });
    ctx.respond = false;
    return;
  }
  if (decision === 'deny') {
    await provider.interactionFinished(ctx.req, ctx.res, {
      error: 'access_denied',
      error_description: 'The user denied the request',
    });
    ctx.respond = false;
    return;
  }
  if (decision === 'allow' && ctx.method === 'POST') {
    const grant = new provider.Grant({ accountId: session?.accountId, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
    ctx.respond = false;
    return;
  }
  ctx.type = 'html';
  ctx.body = page(
    'Test provider: consent',
    `<h1>Test provider</h1><p>SweatPact asks for your ${escapeHtml(String(params.scope))}.</p>` +
      `<form method="post" action="/interaction/${uid}/allow"><button type="submit">Allow</button></form>` +
      `<form method="post" action="/interaction/${uid}/deny"><button type="submit">Deny</button></form>`,
  );
}

/**
 * Plays the browser's part against the test provider without a browser: follows the authorization URL through
 * login and consent (allowed or denied) and returns the URL the provider sends the browser back to.
 */
export async function authorizeWithoutBrowser(
  authorizationUrl: string,
  opts: { consent: 'allow' | 'deny'; returnTo: string },
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  let method = 'GET';
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith(opts.returnTo)) return new URL(url);
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      method = 'GET';
      continue;
    }
    const form = /action="(\/interaction\/[\w-]+\/(?:allow|deny))"/g;
    const actions = [...(await res.text()).matchAll(form)].map((m) => m[1]!);
    const action = actions.find((a) => a.endsWith(`/${opts.consent}`));
    if (!action) throw new Error(`test OIDC provider: unexpected ${res.status} at ${url}`);
    url = new URL(action, url).toString();
    method = 'POST';
  }
  throw new Error('test OIDC provider: too many redirects');
}
