import type { BetterAuthOptions } from 'better-auth';
import { type GenericOAuthConfig, genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { AuthProviders } from '../../../shared/api/auth';
import { OAUTH_PROVIDER_IDS } from '../../../shared/api/auth-providers';
import type { Config } from '../../config';

/** What GET /api/auth/providers answers: a provider is offered when its id and secret are set. */
export function configuredProviders(config: Config): AuthProviders {
  const on = (id: (typeof OAUTH_PROVIDER_IDS)[number]) => Boolean(config.oauthProviders[id]);
  return { google: on('google'), apple: on('apple'), facebook: on('facebook') };
}

/**
 * better-auth's providers for the configured ones. Google, Apple and Facebook use better-auth's own clients (their
 * endpoints, Facebook's Graph profile, Apple's form answer); a provider given an issuer is reached by OpenID
 * Connect discovery instead, with its ID tokens checked against the issuer's published keys. All run the
 * authorization-code flow with a single-use state bound to the browser, and PKCE (better-auth's Facebook client
 * sends none; a Facebook configured by issuer does).
 */
export function providerOptions(config: Config): {
  socialProviders: NonNullable<BetterAuthOptions['socialProviders']>;
  plugins: NonNullable<BetterAuthOptions['plugins']>;
} {
  const socialProviders: NonNullable<BetterAuthOptions['socialProviders']> = {};
  const discovered: GenericOAuthConfig[] = [];
  for (const id of OAUTH_PROVIDER_IDS) {
    const settings = config.oauthProviders[id];
    if (!settings) continue;
    const { clientId, clientSecret, issuer } = settings;
    if (issuer) {
      discovered.push({
        providerId: id,
        name: id,
        discoveryUrl: `${issuer}/.well-known/openid-configuration`,
        clientId,
        clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        requireIdTokenVerification: true,
      });
    } else if (id === 'facebook') {
      socialProviders.facebook = { clientId, clientSecret, fields: ['first_name', 'last_name'] };
    } else {
      socialProviders[id] = { clientId, clientSecret };
    }
  }
  return { socialProviders, plugins: discovered.length ? [genericOAuth({ config: discovered })] : [] };
}
