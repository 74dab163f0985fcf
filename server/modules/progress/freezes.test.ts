import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../shared/domain/time';
import { participations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';
import { enqueueProgressRecompute } from './jobs';
import { insertProof, settleProgress } from './testing';

/** Streak freezes (docs/RULES.md, Progress) as the API shows them: Profile's count and the calendar's frozen days. */

const EVERY_DAY = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Someone in an every-day Pact for `daysAgo` days, with approved workouts on the days given (0 = today). */
async function withWorkouts(daysAgo: number, doneDays: number[], who?: SignedIn) {
  const me = who ?? (await signUp(t.app));
  const today = localDate(new Date(), me.user.timeZone);
  let pactId: number;
  if (!who) {
    const pact = await createPactVia(t.app, me, { scheduleDays: [...EVERY_DAY], totalDays: 60 });
    pactId = pact.id;
    await t.database.db
      .update(participations)
      .set({ startDay: addDays(today, -daysAgo) })
      .where(and(eq(participations.pactId, pact.id), eq(participations.userId, me.user.id)));
  } else {
    const [row] = await t.database.db
      .select({ pactId: participations.pactId })
      .from(participations)
      .where(eq(participations.userId, me.user.id));
    pactId = row!.pactId;
  }
  for (const d of doneDays) {
    await insertProof(t.database.db, { userId: me.user.id, pactId, recordedDay: addDays(today, d) });
  }
  await enqueueProgressRecompute(t.database.db, me.user.id);
  await settleProgress(t.app.ctx);
  return { me, today };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const authUser = async (who: SignedIn) => (await call(t.app, who, 'GET', '/api/auth/user')).body.user;

describe('streak freezes', () => {
  it('a week of scheduled days done earns one', async () => {
    const { me } = await withWorkouts(6, range(-6, 0));
    expect(await authUser(me)).toMatchObject({ streakCount: 7, streakFreezes: 1 });
  });

  it('three weeks earn at most two', async () => {
    const { me } = await withWorkouts(21, range(-21, 0));
    expect(await authUser(me)).toMatchObject({ streakCount: 22, streakFreezes: 2 });
  });

  it('a missed day uses one and shows frozen on the calendar; with none left the streak ends', async () => {
    // Days -11..-5 done (a freeze earned), -4 missed (the freeze used), -3 missed (none left: the streak ends).
    const { me, today } = await withWorkouts(11, range(-11, -5));
    expect(await authUser(me)).toMatchObject({ streakCount: 0, streakFreezes: 0 });
    const frozenDay = addDays(today, -4);
    const month = frozenDay.slice(0, 7);
    const calendar = (await call(t.app, me, 'GET', `/api/user/calendar?month=${month}`)).body as {
      date: string;
      frozen: boolean;
      workouts: unknown[];
    }[];
    expect(calendar.find((d) => d.date === frozenDay)).toEqual({
      date: frozenDay,
      workouts: [],
      frozen: true,
    });
    expect(calendar.filter((d) => d.frozen)).toHaveLength(1);
    expect(calendar.every((d) => d.frozen === (d.workouts.length === 0))).toBe(true);

    // The day after the frozen one done after all (approved late): the streak goes on over the frozen day.
    await withWorkouts(11, [-3, -2, -1], me);
    expect(await authUser(me)).toMatchObject({ streakCount: 10, streakFreezes: 0 });
    const again = (await call(t.app, me, 'GET', `/api/user/calendar?month=${month}`)).body as {
      date: string;
      frozen: boolean;
    }[];
    expect(again.filter((d) => d.frozen).map((d) => d.date)).toEqual([frozenDay]);
  });

  it('nobody else reads my calendar', async () => {
    const { me } = await withWorkouts(6, range(-6, 0));
    const other = await signUp(t.app);
    const mine = (await call(t.app, other, 'GET', '/api/user/calendar')).body as unknown[];
    expect(mine).toEqual([]);
    expect((await authUser(other)).streakFreezes).toBe(0);
    expect((await authUser(me)).streakFreezes).toBe(1);
  });
});
