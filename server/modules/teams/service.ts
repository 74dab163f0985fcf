import { mediaUrl } from '../../../shared/api/media';
import type { MyTeam, TeamSummary, UpdateTeamBody } from '../../../shared/api/teams';
import { TRIAL_DAYS } from '../../../shared/domain/limits';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { billingProvider } from '../../platform/billing';
import { notFound } from '../../platform/errors';
import { getOwnReadyMedia, removeMedia } from '../media/service';
import { areBlocked, blockedUserIds } from '../safety/service';
import type { SessionUser } from '../session/guard';
import { hasTeamAccess, mayEditTeam } from './policy';
import * as repo from './repo';
import { teamsTrialTaken } from './trials';

/** Coaches' Pro teams: the programs list, team pages, coach edits and team access (the waitlist: waitlist.ts). */

export const TEAM_NOT_FOUND = 'Team not found';
const CENTS_PER_DOLLAR = 100;

/** Creates a team for a coach; `db` may be the caller's transaction (the Pact is created in the same one). */
export function createTeam(
  db: Db,
  team: { name: string; description: string; coachId: string; subscriptionPrice: number },
): Promise<number> {
  return repo.insertTeam(db, team);
}

/** The billing clock's now: subscriptions' times are on it (test mode may run ahead of the wall clock). */
export function billingNow(ctx: AppContext): Promise<Date> {
  return billingProvider(ctx).now();
}

/** Whether `userId` has access to the team at `now` (default: the billing clock's now; teams/policy.ts). */
export async function userHasTeamAccess(
  ctx: AppContext,
  userId: string,
  team: { id: number; coachId: string },
  now?: Date,
): Promise<boolean> {
  if (team.coachId === userId) return true;
  // Asked on every team-only request: the rule and the billing clock in one round trip.
  if (!now) return repo.hasAccessNow(ctx.db, userId, team.id);
  const subscription = await repo.findSubscription(ctx.db, userId, team.id);
  if (!subscription) return false;
  return hasTeamAccess(userId, team, subscription, now);
}

/**
 * Whether `userId` may use a Pact's team-only things (chat, proofs, the room): true for a Pact of no team,
 * else team access. Asked on every request and socket subscribe.
 */
export async function mayUseTeamPact(ctx: AppContext, userId: string, pactId: number): Promise<boolean> {
  const team = await repo.teamOfPact(ctx.db, pactId);
  return team === null || userHasTeamAccess(ctx, userId, team);
}

const successRate = (row: repo.TeamRow) =>
  row.decided > 0 ? Math.round((row.approved * 100) / row.decided) : null;

export function summary(row: repo.TeamRow, me: string, access: boolean, trialTaken = false): TeamSummary {
  return {
    id: row.team.id,
    name: row.team.name,
    description: row.team.description,
    imageUrl: row.team.imageUrl,
    accentColor: row.team.accentColor,
    subscriptionPrice: row.team.subscriptionPrice,
    coach: row.coach,
    memberCount: row.memberCount,
    successRate: successRate(row),
    videoCount: row.videoCount,
    pactIds: row.pactIds,
    isCoach: row.team.coachId === me,
    hasAccess: access,
    myStatus: row.myStatus,
    // One trial per person and team, for good (trials.ts): none for an email that took this team's before.
    trialDays: trialTaken ? 0 : TRIAL_DAYS,
  };
}

export async function accessOf(ctx: AppContext, me: string, row: repo.TeamRow, now: Date) {
  if (row.team.coachId === me) return true;
  if (!row.myStatus) return false;
  return userHasTeamAccess(ctx, me, row.team, now);
}

/** Every team (premium programs), oldest first, but those of a coach blocked with the caller. */
export async function listTeams(ctx: AppContext, me: SessionUser): Promise<TeamSummary[]> {
  const now = await billingNow(ctx);
  const [rows, blocked, taken] = await Promise.all([
    repo.teamRows(ctx.db, me.id, now, repo.coachNotBanned),
    blockedUserIds(ctx, me.id),
    teamsTrialTaken(ctx, me.email),
  ]);
  const hidden = new Set(blocked);
  const shown = rows.filter((row) => !hidden.has(row.team.coachId));
  return Promise.all(
    shown.map(async (row) =>
      summary(row, me.id, await accessOf(ctx, me.id, row, now), taken.has(row.team.id)),
    ),
  );
}

/**
 * The team, unless there is none or its coach and the caller are blocked (then it does not exist for them). A
 * banned coach's team is closed: only members whose access still runs (what they paid for) find it.
 */
export async function findTeamFor(ctx: AppContext, me: SessionUser, teamId: number) {
  const team = await repo.findTeam(ctx.db, teamId);
  if (!team || (team.coachId !== me.id && (await areBlocked(ctx, me.id, team.coachId)))) {
    throw notFound(TEAM_NOT_FOUND);
  }
  if ((await repo.coachBanned(ctx.db, team.coachId)) && !(await repo.hasAccessNow(ctx.db, me.id, teamId))) {
    throw notFound(TEAM_NOT_FOUND);
  }
  return team;
}

/** Teams the caller coaches or has access to now. */
export async function myTeams(ctx: AppContext, me: SessionUser): Promise<MyTeam[]> {
  const now = await billingNow(ctx);
  const rows = await repo.teamsOfUser(ctx.db, me.id, now);
  const out: MyTeam[] = [];
  for (const row of rows) {
    const coach = row.team.coachId === me.id;
    if (!coach && !(await accessOf(ctx, me.id, row, now))) continue;
    out.push({
      id: row.team.id,
      name: row.team.name,
      description: row.team.description,
      imageUrl: row.team.imageUrl,
      accentColor: row.team.accentColor,
      subscriptionPrice: row.team.subscriptionPrice,
      memberCount: row.memberCount,
      role: coach ? 'coach' : 'member',
      myStatus: coach ? null : row.myStatus,
      myCancelAtPeriodEnd: !coach && row.myCancelAtPeriodEnd === true,
    });
  }
  return out;
}

/** The coach edits their team (others: 404, as if it did not exist to edit); team-view.ts answers the page. */
export async function updateTeam(
  ctx: AppContext,
  me: SessionUser,
  teamId: number,
  body: UpdateTeamBody,
): Promise<void> {
  const team = await repo.findTeam(ctx.db, teamId);
  if (!team || !mayEditTeam(me.id, team)) throw notFound('No such team of yours');
  const image = await imageChange(ctx, me, team.imageUrl, body.imageMediaId);
  await repo.updateTeam(ctx.db, teamId, {
    ...(image ? { imageUrl: image.url } : {}),
    ...(body.accentColor !== undefined ? { accentColor: body.accentColor } : {}),
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.description !== undefined ? { description: body.description } : {}),
    ...(body.monthlyPrice !== undefined
      ? { subscriptionPrice: Math.round(body.monthlyPrice * CENTS_PER_DOLLAR) }
      : {}),
  });
  // The image it replaced is nobody's any more: its file goes (the sweep would, a day later).
  if (image?.replaced) await removeMedia(ctx, [image.replaced]);
}

/** A new image (the coach's own ready `team_image`), or none; what it replaces, when that was an upload. */
async function imageChange(
  ctx: AppContext,
  me: SessionUser,
  current: string | null,
  id: string | null | undefined,
) {
  if (id === undefined) return null;
  const url = id === null ? null : mediaUrl((await getOwnReadyMedia(ctx, me, id, ['team_image'])).id);
  const old = current?.startsWith('/media/') ? current.slice('/media/'.length) : null;
  return { url, replaced: old && current !== url ? old : null };
}

/*
 * The team rows the membership lifecycle works from (memberships/, above teams): the team, its coach's ban, its
 * Pacts, a member's subscription. `db` may be the caller's transaction.
 */
export type { SubscriptionRow, TeamRow } from './repo';

/** One team with its coach, counts and the caller's subscription (the team page, screens/team-view.ts). */
export async function teamRow(ctx: AppContext, me: string, teamId: number, now: Date) {
  const [row] = await repo.teamRows(ctx.db, me, now, repo.teamIdIs(teamId));
  return row;
}

export function findTeam(db: Db, teamId: number) {
  return repo.findTeam(db, teamId);
}

export function coachBanned(db: Db, coachId: string) {
  return repo.coachBanned(db, coachId);
}

export function pactIdsOfTeam(db: Db, teamId: number) {
  return repo.pactIdsOfTeam(db, teamId);
}

export function findSubscription(db: Db, userId: string, teamId: number) {
  return repo.findSubscription(db, userId, teamId);
}
