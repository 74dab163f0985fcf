import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { SubscriptionStatus } from '../../../shared/domain/enums';
import type { Db } from '../../db/client';
import { pacts, subscriptions, teams, trialsTaken, users } from '../../db/schema';
import { userSummary } from '../users/summary';
import { graceStart, teamAccessibleNow } from './policy';

/** Teams of Pro Pacts and their members' subscriptions. The only SQL of the teams module. */

export async function insertTeam(
  db: Db,
  team: { name: string; description: string; coachId: string; subscriptionPrice: number },
): Promise<number> {
  const [row] = await db.insert(teams).values(team).returning({ id: teams.id });
  return row!.id;
}

export async function updateTeam(
  db: Db,
  teamId: number,
  changes: { name?: string; description?: string; subscriptionPrice?: number },
) {
  await db.update(teams).set(changes).where(eq(teams.id, teamId));
}

/**
 * Members with access at `now` (the coach is no member), demo accounts left out: a count shown to everyone never
 * counts a Try Demo visitor (docs/RULES.md "Sandboxes stay apart").
 */
const memberCountSql = (now: Date) => sql<number>`(select count(*)::int from ${subscriptions} s
  join ${users} su on su.id = s.user_id and not su.is_demo
  where s.team_id = ${teams.id} and (s.status in ('trialing', 'active')
    or (s.status = 'past_due' and s.current_period_end > ${graceStart(now).toISOString()}::timestamptz)))`;

/** Team Pacts shown on cards: Pro, not hidden. */
const teamPactIdsSql = sql<number[]>`coalesce((select array_agg(p.id order by p.id) from ${pacts} p
  where p.team_id = ${teams.id} and p.visibility = 'pro' and p.is_hidden = false), '{}')`;

const proofStatsSql = {
  approved: sql<number>`(select count(*)::int from proofs pr join ${pacts} p on p.id = pr.pact_id
    where p.team_id = ${teams.id} and pr.status = 'approved' and pr.counts)`,
  decided: sql<number>`(select count(*)::int from proofs pr join ${pacts} p on p.id = pr.pact_id
    where p.team_id = ${teams.id} and pr.status in ('approved', 'rejected') and pr.counts)`,
  videos: sql<number>`((select count(*)::int from proofs pr join ${pacts} p on p.id = pr.pact_id
      where p.team_id = ${teams.id} and pr.video_media_id is not null)
    + (select count(*)::int from ${pacts} p where p.team_id = ${teams.id}
      and (p.tutorial_media_id is not null or p.tutorial_video_url is not null)))`,
};

/** Teams with coach, counts and the caller's subscription; `where` narrows (one team, a coach's teams). */
export function teamRows(db: Db, me: string, now: Date, where?: SQL) {
  const mine = sql`from ${subscriptions} s where s.team_id = ${teams.id} and s.user_id = ${me}`;
  return db
    .select({
      team: teams,
      coach: userSummary(users),
      memberCount: memberCountSql(now),
      pactIds: teamPactIdsSql,
      approved: proofStatsSql.approved,
      decided: proofStatsSql.decided,
      videoCount: proofStatsSql.videos,
      myStatus: sql<SubscriptionStatus | null>`(select s.status ${mine})`,
      myCancelAtPeriodEnd: sql<boolean | null>`(select s.cancel_at_period_end ${mine})`,
    })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.coachId))
    .where(where)
    .orderBy(asc(teams.id));
}
export type TeamRow = Awaited<ReturnType<typeof teamRows>>[number];

export const teamIdIs = (teamId: number) => eq(teams.id, teamId);

/** Whether `me` has access to the team at the billing clock's now: the rule in one query (teams/policy.ts). */
export async function hasAccessNow(db: Db, me: string, teamId: number): Promise<boolean> {
  const [row] = await db
    .select({ ok: sql<boolean>`${teamAccessibleNow(me)}`.mapWith(Boolean) })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row?.ok ?? false;
}

/** Teams whose coach is not banned (teamRows joins the coach as `users`). */
export const coachNotBanned = isNull(users.bannedAt);

/** Whether the team's coach is banned: the team is closed (docs/TEAMS.md, "A coach who is gone"). */
export async function coachBanned(db: Db, coachId: string): Promise<boolean> {
  const [row] = await db.select({ bannedAt: users.bannedAt }).from(users).where(eq(users.id, coachId));
  return row?.bannedAt != null;
}

export async function findTeam(db: Db, teamId: number) {
  const [row] = await db.select().from(teams).where(eq(teams.id, teamId));
  return row;
}

/** Teams the user coaches or holds a subscription to (any state; the caller filters by access). */
export function teamsOfUser(db: Db, me: string, now: Date) {
  return teamRows(
    db,
    me,
    now,
    or(
      eq(teams.coachId, me),
      inArray(
        teams.id,
        db.select({ id: subscriptions.teamId }).from(subscriptions).where(eq(subscriptions.userId, me)),
      ),
    ),
  );
}

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The user's subscription to the team, whatever its state. */
export async function findSubscription(
  db: Db,
  userId: string,
  teamId: number,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.teamId, teamId)));
  return row;
}

/** The team's Pact ids (its rooms), for closing them on a member's sockets. */
export async function pactIdsOfTeam(db: Db, teamId: number): Promise<number[]> {
  const rows = await db.select({ id: pacts.id }).from(pacts).where(eq(pacts.teamId, teamId));
  return rows.map((r) => r.id);
}

/** The team of a Pact (null for a Pact of no team). */
export async function teamOfPact(db: Db, pactId: number) {
  const [row] = await db
    .select({ id: teams.id, coachId: teams.coachId })
    .from(pacts)
    .innerJoin(teams, eq(teams.id, pacts.teamId))
    .where(eq(pacts.id, pactId));
  return row ?? null;
}

export async function trialTaken(db: Db, teamId: number, emailHash: string): Promise<boolean> {
  const [row] = await db
    .select({ teamId: trialsTaken.teamId })
    .from(trialsTaken)
    .where(and(eq(trialsTaken.teamId, teamId), eq(trialsTaken.emailHash, emailHash)));
  return row !== undefined;
}

export async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

export async function subscribedTeamIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ teamId: subscriptions.teamId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  return rows.map((r) => r.teamId);
}

export async function insertTrialsTaken(db: Db, teamIds: number[], emailHash: string): Promise<void> {
  if (teamIds.length === 0) return;
  await db
    .insert(trialsTaken)
    .values(teamIds.map((teamId) => ({ teamId, emailHash })))
    .onConflictDoNothing();
}

/** The teams whose trial someone with this email hash took before (an erased account's). */
export async function teamsWithTrialTaken(db: Db, emailHash: string): Promise<Set<number>> {
  const rows = await db
    .select({ teamId: trialsTaken.teamId })
    .from(trialsTaken)
    .where(eq(trialsTaken.emailHash, emailHash));
  return new Set(rows.map((r) => r.teamId));
}
