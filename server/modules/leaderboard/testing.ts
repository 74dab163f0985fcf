import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { cookieFrom, ORIGIN, type SignedIn } from '../../test/factories';

/** Test helpers for rankings: stored figures set directly (the recompute itself is tested in progress/). */

export type Figures = Partial<{
  streakCount: number;
  streakPoints: number;
  totalWorkouts: number;
  totalXP: number;
  level: number;
}>;

export async function setFigures(db: Db, userId: string, figures: Figures) {
  await db.update(users).set(figures).where(eq(users.id, userId));
}

/** Signs in with Try Demo: a fresh demo user with their own sandbox friends. */
export async function tryDemo(app: FastifyInstance): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/email',
    headers: { origin: ORIGIN },
    payload: DEMO_CREDENTIALS,
  });
  if (res.statusCode !== 200) throw new Error(`demo failed: ${res.statusCode} ${res.body}`);
  const cookie = cookieFrom(res.headers['set-cookie']);
  return { user: res.json().user, cookie, headers: { cookie, origin: ORIGIN } };
}

/** Inserts `count` plain users (no sign-in) with figures from `figures(i)`; answers their ids. */
export async function insertUsers(db: Db, count: number, figures: (i: number) => Figures): Promise<string[]> {
  const tag = randomBytes(4).toString('hex');
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `bulk-${tag}-${i}`,
    email: `bulk-${tag}-${i}@example.com`,
    username: `bulk_${tag}_${i}`,
    firstName: `Bulk${i}`,
    ...figures(i),
  }));
  await db.insert(users).values(rows);
  return rows.map((r) => r.id);
}
