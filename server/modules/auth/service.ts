import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CREDENTIALS, type SignInBody, type SignUpBody } from '../../../shared/api/auth';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { createDemoSandbox } from '../demo/service';
import { markDemo, promoteToAdmin, readableUsername } from '../users/service';
import { DEMO_EMAIL_DOMAIN } from './account-mail';
import { assertOldEnough } from './age-gate';
import { isCommonPassword } from './common-passwords';
import './events';
import { cookieHeaders, optionalUser, type SessionUser } from '../session/guard';
import { currentUser, deleteSession, findSessionUser } from '../session/sessions';
import * as repo from './repo';

import { afterFailedSignIn, beforeSignIn } from './sign-in-limits';

/** The same answer for an unknown email and a wrong password, so sign-in reveals no accounts. */
const BAD_CREDENTIALS = new AppError(401, 'Invalid email or password', 'invalid_credentials');

export async function signUp(
  app: FastifyInstance,
  reply: FastifyReply,
  body: SignUpBody,
  userAgent?: string,
) {
  const { config, db } = app.ctx;
  assertOldEnough(body.dateOfBirth, config.MIN_AGE);
  if (isCommonPassword(body.password)) {
    throw badRequest('password: is too common; choose one that is harder to guess');
  }
  if (body.password.toLowerCase() === body.email.toLowerCase())
    throw badRequest('password: must not be your email');
  if (await repo.findUserByEmail(db, body.email))
    throw conflict('An account with this email already exists. Sign in instead.');
  const result = await app.auth.api.signUpEmail({
    body: {
      email: body.email,
      password: body.password,
      name: [body.firstName, body.lastName].filter(Boolean).join(' '),
      username: await freeUsername(app, body.email),
      firstName: body.firstName,
      lastName: body.lastName,
      dateOfBirth: body.dateOfBirth,
      timeZone: body.timeZone ?? 'UTC',
    },
    headers: deviceHeaders(userAgent),
    returnHeaders: true,
  });
  forwardCookies(result.headers, reply);
  // No admin rights here: ADMIN_EMAILS counts only once the address is verified (account-service.ts).
  return currentUser(app, result.response.user.id);
}

export async function signIn(
  app: FastifyInstance,
  reply: FastifyReply,
  body: SignInBody,
  ip: string,
  userAgent?: string,
) {
  if (body.email === DEMO_CREDENTIALS.email && body.password === DEMO_CREDENTIALS.password) {
    return signInDemo(app, reply, body.timeZone ?? 'UTC', userAgent);
  }
  await beforeSignIn(app.ctx, ip, body.email);
  try {
    return await checkPassword(app, reply, body, userAgent);
  } catch (err) {
    if (err === BAD_CREDENTIALS) await afterFailedSignIn(app.ctx, ip, body.email);
    throw err;
  }
}

async function checkPassword(
  app: FastifyInstance,
  reply: FastifyReply,
  body: SignInBody,
  userAgent?: string,
) {
  try {
    const result = await app.auth.api.signInEmail({
      body: { email: body.email, password: body.password },
      headers: deviceHeaders(userAgent),
      returnHeaders: true,
    });
    const user = await findSessionUser(app.ctx.db, result.response.user.id);
    if (!user || user.bannedAt || user.isDemo) throw BAD_CREDENTIALS;
    forwardCookies(result.headers, reply);
    await grantConfiguredAdmin(app, user);
    return currentUser(app, user.id);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 401 || status === 400 || status === 403) throw BAD_CREDENTIALS;
    throw err;
  }
}

/** Try Demo: a fresh demo user with a seeded sandbox, so visitors never see or spoil each other's data. */
async function signInDemo(app: FastifyInstance, reply: FastifyReply, timeZone: string, userAgent?: string) {
  const { config } = app.ctx;
  const id = randomBytes(6).toString('hex');
  const result = await app.auth.api.signUpEmail({
    body: {
      email: `demo-${id}@${DEMO_EMAIL_DOMAIN}`,
      password: randomBytes(24).toString('base64url'),
      name: 'Demo Athlete',
      username: await readableUsername(app.ctx, 'demo.athlete'),
      firstName: 'Demo',
      lastName: 'Athlete',
      timeZone,
    },
    headers: deviceHeaders(userAgent),
    returnHeaders: true,
  });
  const userId = result.response.user.id;
  await markDemo(app.ctx, userId, new Date(Date.now() + config.DEMO_TTL_HOURS * 3600_000));
  await createDemoSandbox(app.ctx, userId);
  forwardCookies(result.headers, reply);
  return currentUser(app, userId);
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const me = await optionalUser(request);
  const result = await app.auth.api.signOut({ headers: cookieHeaders(request), returnHeaders: true });
  forwardCookies(result.headers, reply);
  if (me) await app.ctx.events.emit('session.revoked', { userId: me.id, sessionId: me.sessionId });
}

/**
 * Accounts named in ADMIN_EMAILS become admins (the moderation queue), only once their address is verified: when
 * it is (a mailed link, a provider that verified it), and at each sign-in after (ADMIN_EMAILS may have grown).
 */
export async function grantConfiguredAdmin(
  app: FastifyInstance,
  user: { id: string; email: string; emailVerified: boolean },
) {
  if (!user.emailVerified) return;
  if (app.ctx.config.adminEmails.includes(user.email.toLowerCase())) await promoteToAdmin(app.ctx, user.id);
}

export async function endSession(app: FastifyInstance, me: SessionUser) {
  await deleteSession(app.ctx.db, me.id, me.sessionId);
  await app.ctx.events.emit('session.revoked', { userId: me.id, sessionId: me.sessionId });
}

export async function freeUsername(app: FastifyInstance, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]!
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '')
      .slice(0, 20) || 'athlete';
  if (!(await repo.usernameTaken(app.ctx.db, base))) return base;
  for (;;) {
    const candidate = `${base}${Math.floor(1000 + Math.random() * 9000)}`;
    if (!(await repo.usernameTaken(app.ctx.db, candidate))) return candidate;
  }
}

/** What a new session records of its device (the signed-in devices list): the browser's User-Agent only. */
export function deviceHeaders(userAgent: string | undefined): Headers {
  const headers = new Headers();
  if (userAgent) headers.set('user-agent', userAgent.slice(0, 512));
  return headers;
}

export function forwardCookies(headers: Headers, reply: FastifyReply) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}
