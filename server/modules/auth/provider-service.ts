import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  CompleteProviderSignupBody,
  OAuthCallbackQuery,
  OAuthFailure,
  OAuthProviderId,
} from '../../../shared/api/auth-providers';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../platform/errors';
import { eraseUnprovenAccount } from '../privacy/replace-account';
import { cookieHeaders } from '../session/guard';
import { currentUser } from '../session/sessions';
import { createAccountUser } from '../users/service';
import { assertOldEnough } from './age-gate';
import type { ProviderIdentity } from './provider-bridge';
import * as repo from './provider-repo';
import { deviceHeaders, forwardCookies, freeUsername, grantConfiguredAdmin } from './service';

/** How long a provider sign-in waits for its date of birth before it is forgotten. */
export const PENDING_SIGNUP_TTL_MS = 15 * 60_000;
export const PENDING_COOKIE = 'sweatpact.provider_signup';
const PENDING_PATH = '/api/auth/provider-signup';

/** Where the browser goes after a provider sign-in: signed in, to the date-of-birth step, or back with why. */
export const AFTER_SIGN_IN = '/';
export const BIRTHDATE_STEP = '/register?step=birthdate';
export const failurePath = (code: OAuthFailure, provider?: OAuthProviderId) =>
  `/register?auth_error=${code}${provider ? `&provider=${provider}` : ''}`;

const EXPIRED = new AppError(410, 'This sign-in has expired. Please try again.', 'signup_expired');

/** Step 1: the provider's authorization URL, with a fresh single-use state and PKCE verifier kept server-side. */
export async function startProviderSignIn(
  app: FastifyInstance,
  reply: FastifyReply,
  provider: OAuthProviderId,
) {
  if (!app.ctx.config.oauthProviders[provider]) return failurePath('not_configured', provider);
  try {
    const result = await app.auth.api.signInSocial({
      body: { provider, callbackURL: `${app.ctx.config.publicUrl}/`, disableRedirect: true },
      returnHeaders: true,
    });
    if (!result.response.url) return failurePath('provider_error', provider);
    forwardCookies(result.headers, reply);
    return result.response.url;
  } catch (err) {
    // Typically the provider's discovery document is unreachable: retried on the next attempt.
    app.log.warn({ err, provider }, 'provider sign-in could not start');
    return failurePath('provider_error', provider);
  }
}

/** Step 2: the provider sent the browser back. Answers where the browser goes next. */
export async function finishProviderSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  provider: OAuthProviderId,
  query: OAuthCallbackQuery,
): Promise<string> {
  if (!app.ctx.config.oauthProviders[provider]) return failurePath('not_configured', provider);
  const { headers, response } = await app.auth.api.providerIdentity({
    params: { id: provider },
    query,
    headers: cookieHeaders(request),
    returnHeaders: true,
  });
  // Clears the state cookie, whatever the outcome.
  forwardCookies(headers, reply);
  if (!response.ok) {
    request.log.info({ provider, reason: response.error }, 'provider sign-in refused');
    return failurePath(response.error, provider);
  }
  const outcome = await signInOrPark(app, reply, response.identity);
  if (outcome !== AFTER_SIGN_IN && outcome !== BIRTHDATE_STEP) {
    request.log.info({ provider, reason: outcome }, 'provider sign-in refused');
    return failurePath(outcome, provider);
  }
  return outcome;
}

/**
 * The account rules: a linked provider account signs its user in; otherwise an existing account with the same
 * email is linked only when the provider verified that email; otherwise the identity waits for its date of birth.
 */
async function signInOrPark(
  app: FastifyInstance,
  reply: FastifyReply,
  identity: ProviderIdentity,
): Promise<typeof AFTER_SIGN_IN | typeof BIRTHDATE_STEP | OAuthFailure> {
  const { db } = app.ctx;
  const linked = await repo.findLinkedUser(db, identity.providerId, identity.accountId);
  if (linked) {
    if (linked.bannedAt || linked.isDemo) return 'account_unavailable';
    await grantConfiguredAdmin(app, linked);
    await startSession(app, reply, linked.id);
    return AFTER_SIGN_IN;
  }
  const sameEmail = await repo.findUserByEmail(db, identity.email);
  if (sameEmail) {
    if (!identity.emailVerified) return 'email_not_verified';
    if (sameEmail.bannedAt || sameEmail.isDemo) return 'account_unavailable';
    // Joined only when that account proved the address too. An unproven one is replaced, never joined: the
    // identity waits for its date of birth as a new account, and completing that erases the unproven account.
    if (sameEmail.emailVerified) {
      await repo.insertProviderLink(db, sameEmail.id, identity);
      await grantConfiguredAdmin(app, sameEmail);
      await startSession(app, reply, sameEmail.id);
      return AFTER_SIGN_IN;
    }
  }
  const token = await repo.parkSignup(db, identity, PENDING_SIGNUP_TTL_MS);
  reply.setCookie(PENDING_COOKIE, token, pendingCookieOptions(app, PENDING_SIGNUP_TTL_MS / 1000));
  return BIRTHDATE_STEP;
}

/** The parked sign-in of this browser, for the date-of-birth step. */
export async function pendingSignup(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const pending = await findPending(app, request);
  if (!pending) {
    clearPendingCookie(app, reply);
    throw EXPIRED;
  }
  return {
    provider: pending.providerId as OAuthProviderId,
    email: pending.email,
    firstName: pending.firstName,
    lastName: pending.lastName,
    minAge: app.ctx.config.MIN_AGE,
    expiresAt: pending.expiresAt.toISOString(),
  };
}

/** Step 3: the date of birth. The account exists only from here, and only at MIN_AGE or older. */
export async function completeProviderSignup(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompleteProviderSignupBody,
) {
  const { db, config } = app.ctx;
  const pending = await findPending(app, request);
  const forget = async () => {
    if (pending) await repo.deletePendingSignup(db, pending.id);
    clearPendingCookie(app, reply);
  };
  if (!pending) {
    await forget();
    throw EXPIRED;
  }
  try {
    assertOldEnough(body.dateOfBirth, config.MIN_AGE);
  } catch (err) {
    // Under age: nothing of the identity is kept. An implausible date is a typo: the step stays open.
    if (err instanceof AppError && err.code === 'too_young') await forget();
    throw err;
  }
  await replaceUnprovenAccount(app, pending);
  const taken =
    (await repo.findLinkedUser(db, pending.providerId, pending.accountId)) ??
    (await repo.findUserByEmail(db, pending.email));
  const userId = taken
    ? null
    : await createProviderUser(db, pending, {
        username: await freeUsername(app, pending.email),
        dateOfBirth: body.dateOfBirth,
        timeZone: body.timeZone ?? 'UTC',
      });
  await forget();
  if (!userId) throw conflict('An account with this email already exists. Sign in instead.');
  await repo.deleteOtherPendingSignups(db, pending.providerId, pending.accountId, pending.id);
  await grantConfiguredAdmin(app, { id: userId, email: pending.email, emailVerified: pending.emailVerified });
  await startSession(app, reply, userId);
  return currentUser(app, userId);
}

/**
 * A verified provider identity whose email an unproven account holds: that account is erased whole
 * (privacy/replace-account.ts) before the new one is made, so nothing of it passes to the mailbox's owner.
 */
async function replaceUnprovenAccount(app: FastifyInstance, pending: repo.PendingSignup) {
  if (!pending.emailVerified) return;
  const holder = await repo.findUserByEmail(app.ctx.db, pending.email);
  if (!holder || holder.emailVerified || holder.isDemo || holder.bannedAt) return;
  const erased = await eraseUnprovenAccount(app.ctx, holder, (tx) => repo.isUnproven(tx, holder.id));
  if (erased) app.log.info({ userId: holder.id }, 'unproven account replaced by a verified provider sign-in');
}

/** "Cancel" on the date-of-birth step: the parked identity is deleted. */
export async function cancelProviderSignup(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const pending = await findPending(app, request);
  if (pending) await repo.deletePendingSignup(app.ctx.db, pending.id);
  clearPendingCookie(app, reply);
}

/** Creates the account of a parked sign-in, with its provider link, in one step; null if the email got taken. */
async function createProviderUser(
  db: Db,
  pending: repo.PendingSignup,
  fields: { username: string; dateOfBirth: string; timeZone: string },
): Promise<string | null> {
  const id = repo.newId();
  return db.transaction(async (tx) => {
    const created = await createAccountUser(tx, {
      id,
      name: [pending.firstName, pending.lastName].filter(Boolean).join(' '),
      email: pending.email,
      emailVerified: pending.emailVerified,
      firstName: pending.firstName,
      lastName: pending.lastName,
      ...fields,
    });
    if (!created) return null;
    await repo.insertProviderLink(tx, id, pending);
    return id;
  });
}

async function findPending(app: FastifyInstance, request: FastifyRequest) {
  const token = request.cookies[PENDING_COOKIE];
  if (!token || token.length > 100) return null;
  return repo.findPendingSignup(app.ctx.db, token);
}

async function startSession(app: FastifyInstance, reply: FastifyReply, userId: string) {
  const result = await app.auth.api.providerSession({
    body: { userId },
    headers: deviceHeaders(reply.request.headers['user-agent']),
    returnHeaders: true,
  });
  forwardCookies(result.headers, reply);
}

function pendingCookieOptions(app: FastifyInstance, maxAge: number) {
  return {
    path: PENDING_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.ctx.config.publicUrl.startsWith('https://'),
    maxAge,
  };
}

function clearPendingCookie(app: FastifyInstance, reply: FastifyReply) {
  reply.clearCookie(PENDING_COOKIE, pendingCookieOptions(app, 0));
}
