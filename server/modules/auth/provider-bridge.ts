import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { getOAuthCallbackPath, parseState, parseStringBoolean } from 'better-auth/oauth2';
import { z } from 'zod';
import type { OAuthFailure, OAuthProviderId } from '../../../shared/api/auth-providers';

/** A person as the provider vouches for them, after the state, PKCE and token checks passed. */
export interface ProviderIdentity {
  providerId: OAuthProviderId;
  /** The provider's stable subject (OpenID Connect `sub`); with providerId it names the linked account. */
  accountId: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export type IdentityResult = { ok: true; identity: ProviderIdentity } | { ok: false; error: OAuthFailure };

const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  iss: z.string().optional(),
  user: z.string().optional(),
});

/**
 * better-auth does the protocol: the state (stored server-side, bound to a cookie, single use), PKCE, the code
 * exchange and the ID token checks. Its own callback would also create accounts and link them by email, so
 * these two server-only endpoints stop at the verified identity and, once our rules allowed it, the session:
 * the rules themselves (links, the date-of-birth step) live in provider-service.ts. The handler is never mounted.
 */
export function providerBridge() {
  return {
    id: 'sweatpact-provider-bridge',
    endpoints: {
      providerIdentity: createAuthEndpoint(
        '/sweatpact/provider-identity/:id',
        { method: 'GET', query: callbackQuery, metadata: { SERVER_ONLY: true } },
        async (c): Promise<IdentityResult> => {
          const fail = (error: OAuthFailure): IdentityResult => ({ ok: false, error });
          const provider = c.context.socialProviders.find((p) => p.id === c.params.id);
          if (!provider) return fail('not_configured');
          if (!c.query.state) return fail('invalid_state');
          let state: Awaited<ReturnType<typeof parseState>>;
          try {
            // Checks the state against its cookie and its stored copy, then deletes both: a state works once.
            state = await parseState(c);
          } catch {
            return fail('invalid_state');
          }
          if (c.query.error)
            return fail(c.query.error === 'access_denied' ? 'access_denied' : 'provider_error');
          if (!c.query.code) return fail('provider_error');
          // A mix-up defence: the answer must come from the issuer the request went to.
          if (c.query.iss && provider.issuer && c.query.iss !== provider.issuer)
            return fail('provider_error');
          if (provider.requiresIdTokenNonce && !state.idTokenNonce) return fail('invalid_state');
          try {
            const tokens = await provider.validateAuthorizationCode({
              code: c.query.code,
              codeVerifier: state.codeVerifier,
              redirectURI: `${c.context.baseURL}${getOAuthCallbackPath(provider)}`,
            });
            if (!tokens) return fail('provider_error');
            const appleUser = parseAppleUser(c.query.user);
            const info = await provider.getUserInfo({
              ...tokens,
              expectedIdTokenNonce: state.idTokenNonce,
              user: appleUser,
            });
            if (!info?.user) return fail('provider_error');
            const accountId = String(await provider.accountSubject({ tokens, profile: info.data }));
            if (!accountId || accountId === 'undefined') return fail('provider_error');
            const email = typeof info.user.email === 'string' ? info.user.email.trim().toLowerCase() : '';
            if (!email) return fail('email_missing');
            const profile = info.data as Record<string, unknown>;
            return {
              ok: true,
              identity: {
                providerId: provider.id as OAuthProviderId,
                accountId,
                email,
                emailVerified: parseStringBoolean(info.user.emailVerified) === true,
                firstName: name(profile.given_name ?? profile.first_name ?? appleUser?.name?.firstName),
                lastName: name(profile.family_name ?? profile.last_name ?? appleUser?.name?.lastName),
              },
            };
          } catch (err) {
            c.context.logger.error('provider sign-in failed', err);
            return fail('provider_error');
          }
        },
      ),
      providerSession: createAuthEndpoint(
        '/sweatpact/provider-session',
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
        async (c) => {
          const user = await c.context.internalAdapter.findUserById(c.body.userId);
          if (!user) throw c.error('NOT_FOUND', { message: 'User not found' });
          // The same session as an email sign-in: a new one each time, 30 days, sliding, in the same cookie.
          const session = await c.context.internalAdapter.createSession(user.id);
          if (!session) throw c.error('INTERNAL_SERVER_ERROR', { message: 'Unable to create session' });
          await setSessionCookie(c, { session, user });
          return { ok: true as const };
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** A name claim, trimmed to what a profile holds (50 characters); blank is none. */
function name(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim().slice(0, 50).trim();
  return trimmed || null;
}

/** Apple posts the name once, as JSON beside the code; anything else there is ignored. */
function parseAppleUser(raw: string | undefined) {
  if (!raw) return undefined;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const first = parsed?.name?.firstName;
    const last = parsed?.name?.lastName;
    return {
      name: {
        firstName: typeof first === 'string' ? first : undefined,
        lastName: typeof last === 'string' ? last : undefined,
      },
    };
  } catch {
    return undefined;
  }
}
