import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEMO_CREDENTIALS, type SignInBody, type SignUpBody } from '../../../shared/api/auth';
import { AppError, badRequest, conflict } from '../../platform/errors';
import { createDemoSandbox } from '../demo/service';
import { isCommonPassword } from './common-passwords';
import { cookieHeaders, optionalUser, type SessionUser } from './guard';
import * as repo from './repo';

/** The same answer for an unknown email and a wrong password, so sign-in reveals no accounts. */
const BAD_CREDENTIALS = new AppError(401, 'Invalid email or password', 'invalid_credentials');

export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

export async function signUp(app: FastifyInstance, reply: FastifyReply, body: SignUpBody) {
  const { config, db } = app.ctx;
  const age = ageOn(body.dateOfBirth, new Date());
  if (age > 120 || age < 0) throw badRequest('dateOfBirth: is not a plausible date of birth');
  if (age < config.MIN_AGE) {
    throw new AppError(
      400,
      `You must be at least ${config.MIN_AGE} years old to use SweatPact. No account was created.`,
      'too_young',
    );
  }
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
    returnHeaders: true,
  });
  forwardCookies(result.headers, reply);
  await grantConfiguredAdmin(app, result.response.user.id, body.email);
  return currentUser(app, result.response.user.id);
}

export async function signIn(app: FastifyInstance, reply: FastifyReply, body: SignInBody) {
  if (body.email === DEMO_CREDENTIALS.email && body.password === DEMO_CREDENTIALS.password) {
    return signInDemo(app, reply, body.timeZone ?? 'UTC');
  }
  try {
    const result = await app.auth.api.signInEmail({
      body: { email: body.email, password: body.password },
      returnHeaders: true,
    });
    const user = await repo.findSessionUser(app.ctx.db, result.response.user.id);
    if (!user || user.bannedAt || user.isDemo) throw BAD_CREDENTIALS;
    forwardCookies(result.headers, reply);
    await grantConfiguredAdmin(app, user.id, user.email);
    return currentUser(app, user.id);
  } catch (err) {
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 401 || status === 400 || status === 403) throw BAD_CREDENTIALS;
    throw err;
  }
}

/** Try Demo: a fresh demo user with a seeded sandbox, so visitors never see or spoil each other's data. */
async function signInDemo(app: FastifyInstance, reply: FastifyReply, timeZone: string) {
  const { db, config } = app.ctx;
  const id = randomBytes(6).toString('hex');
  const result = await app.auth.api.signUpEmail({
    body: {
      email: `demo-${id}@demo.sweatpact.local`,
      password: randomBytes(24).toString('base64url'),
      name: 'Demo Athlete',
      username: `demo_${id}`,
      firstName: 'Demo',
      lastName: 'Athlete',
      timeZone,
    },
    returnHeaders: true,
  });
  const userId = result.response.user.id;
  await repo.markDemo(db, userId, new Date(Date.now() + config.DEMO_TTL_HOURS * 3600_000));
  await createDemoSandbox(app.ctx, userId);
  forwardCookies(result.headers, reply);
  return currentUser(app, userId);
}

declare module '../../platform/events' {
  interface DomainEvents {
    /** A session ended (sign-out), or every session of the user when sessionId is absent: its sockets close. */
    'session.revoked': { userId: string; sessionId?: string };
  }
}

export async function signOut(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const me = await optionalUser(request);
  const result = await app.auth.api.signOut({ headers: cookieHeaders(request), returnHeaders: true });
  forwardCookies(result.headers, reply);
  if (me) await app.ctx.events.emit('session.revoked', { userId: me.id, sessionId: me.sessionId });
}

/** Accounts named in ADMIN_EMAILS become admins (the moderation queue) at sign-up or sign-in. */
async function grantConfiguredAdmin(app: FastifyInstance, userId: string, email: string) {
  if (app.ctx.config.adminEmails.includes(email.toLowerCase())) await repo.promoteToAdmin(app.ctx.db, userId);
}

export async function currentUser(app: FastifyInstance, userId: string) {
  const user = await repo.findAuthUser(app.ctx.db, userId);
  if (!user) throw new AppError(401, 'Not signed in', 'unauthorized');
  return user;
}

export async function endSession(app: FastifyInstance, me: SessionUser) {
  await repo.deleteSession(app.ctx.db, me.id, me.sessionId);
  await app.ctx.events.emit('session.revoked', { userId: me.id, sessionId: me.sessionId });
}

async function freeUsername(app: FastifyInstance, email: string): Promise<string> {
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

function forwardCookies(headers: Headers, reply: FastifyReply) {
  const cookies = headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
}
