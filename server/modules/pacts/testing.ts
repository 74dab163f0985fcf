import type { FastifyInstance } from 'fastify';
import type { Challenge, CreateChallengeBody } from '../../../shared/api/pacts';
import type { SignedIn } from '../../test/factories';

/** Test helpers for Pacts through the real API. */

export const basePact = (overrides: Partial<CreateChallengeBody> = {}): CreateChallengeBody => ({
  exerciseType: 'push-ups',
  targetValue: 20,
  title: 'Daily Push-Ups',
  visibility: 'public',
  totalDays: 30,
  scheduleDays: ['monday', 'wednesday', 'friday'],
  workoutTime: '07:30',
  isCustom: false,
  ...overrides,
});

export async function createPactVia(
  app: FastifyInstance,
  who: SignedIn,
  overrides: Partial<CreateChallengeBody> = {},
): Promise<Challenge> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/challenges',
    headers: who.headers,
    payload: basePact(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A Pro Pact with its coaching team ($29 a month): the coach's first Pro Pact opens the team. */
export function createProPactVia(
  app: FastifyInstance,
  coach: SignedIn,
  teamName: string,
  overrides: Partial<CreateChallengeBody> = {},
): Promise<Challenge> {
  return createPactVia(app, coach, {
    visibility: 'pro',
    teamName,
    teamDescription: 'A team',
    monthlyPrice: 29,
    ...overrides,
  });
}

/** GET/POST/PATCH/DELETE as `who`, answering status and parsed body. */
export async function call(
  app: FastifyInstance,
  who: SignedIn,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/** `a` asks `b` to be friends and `b` accepts: friendship takes both people's consent. */
export async function befriend(app: FastifyInstance, a: SignedIn, b: SignedIn) {
  const asked = await call(app, a, 'POST', `/api/users/${b.user.id}/friend`);
  if (asked.status !== 200) throw new Error(`befriend failed: ${asked.status} ${JSON.stringify(asked.body)}`);
  if (asked.body.friendship === 'friends') return;
  const accepted = await call(app, b, 'POST', `/api/friend-requests/${a.user.id}/accept`);
  if (accepted.status !== 200) {
    throw new Error(`befriend failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  }
}
