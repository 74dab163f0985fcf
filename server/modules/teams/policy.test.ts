import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/domain/limits';
import { subscriptions, teams } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { teamAccessibleTo } from './policy';
import { createTeam, userHasTeamAccess } from './service';

/**
 * Team access as a table: the coach always; a member by their subscription's state, past due only within the
 * grace days. Each row is checked by the service predicate and by the SQL condition, which must agree.
 */
const now = new Date('2025-06-10T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);

// biome-ignore format: a table reads best with its columns aligned.
const CASES: Array<[string, { status: string; periodEnd: Date } | null, boolean]> = [
  ['no subscription',                 null,                                          false],
  ['trialing',                        { status: 'trialing', periodEnd: daysAgo(-7) }, true],
  ['active',                          { status: 'active', periodEnd: daysAgo(-20) },  true],
  ['past due, 1 day after its end',   { status: 'past_due', periodEnd: daysAgo(1) },  true],
  ['past due, 4 days after its end',  { status: 'past_due', periodEnd: daysAgo(4) },  false],
  ['canceled',                        { status: 'canceled', periodEnd: daysAgo(-5) }, false],
  ['unpaid',                          { status: 'unpaid', periodEnd: daysAgo(-5) },   false],
  ['expired',                         { status: 'expired', periodEnd: daysAgo(10) },  false],
];

let t: TestApp;
let coach: SignedIn;
let teamId: number;

beforeAll(async () => {
  t = await createTestApp();
  coach = await signUp(t.app);
  teamId = await createTeam(t.database.db, {
    name: 'Team',
    description: 'Train',
    coachId: coach.user.id,
    subscriptionPrice: 2900,
  });
});
afterAll(() => t?.close());

const sqlSays = async (userId: string) =>
  (
    await t.database.db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.id, teamId), teamAccessibleTo(userId, now)))
  ).length === 1;

describe('team access', () => {
  it('lets the coach in with no subscription', async () => {
    expect(
      await userHasTeamAccess(t.app.ctx, coach.user.id, { id: teamId, coachId: coach.user.id }, now),
    ).toBe(true);
    expect(await sqlSays(coach.user.id)).toBe(true);
  });

  it.each(CASES)('%s: predicate and SQL say %s', async (_name, subscription, expected) => {
    const member = await signUp(t.app);
    if (subscription) {
      await t.database.db.insert(subscriptions).values({
        teamId,
        userId: member.user.id,
        status: subscription.status as 'active',
        priceCents: 2900,
        currentPeriodEnd: subscription.periodEnd,
        provider: 'test',
      });
    }
    const team = { id: teamId, coachId: coach.user.id };
    expect(await userHasTeamAccess(t.app.ctx, member.user.id, team, now), 'predicate').toBe(expected);
    expect(await sqlSays(member.user.id), 'SQL').toBe(expected);
  });
});

describe('team access at the billing clock, in one query', () => {
  it.each(CASES)(
    '%s: the SQL rule at the clock agrees with the predicate',
    async (_name, subscription, expected) => {
      const member = await signUp(t.app);
      const wallNow = new Date();
      if (subscription) {
        // The same distances from now as the table's, from the real clock (the query reads the database's now).
        await t.database.db.insert(subscriptions).values({
          teamId,
          userId: member.user.id,
          status: subscription.status as 'active',
          priceCents: 2900,
          currentPeriodEnd: new Date(wallNow.getTime() + (subscription.periodEnd.getTime() - now.getTime())),
          provider: 'test',
        });
      }
      const team = { id: teamId, coachId: coach.user.id };
      expect(await userHasTeamAccess(t.app.ctx, member.user.id, team)).toBe(expected);
    },
  );
});
