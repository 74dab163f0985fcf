import type { Participation } from '../../../shared/api/pacts';
import { PAST_DUE_GRACE_DAYS } from '../../../shared/domain/limits';
import { localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors';
import * as parts from './participations-repo';
import type { Viewer } from './present';
import { PACT_NOT_FOUND, presentParticipations } from './read-service';
import * as repo from './repo';

/** Joining, leaving, liking and reporting Pacts (DECISIONS 4). Each acts only for the caller. */

declare module '../../platform/events' {
  interface DomainEvents {
    /** Someone (creator included, at creation no event) became an active participant; notifies the creator. */
    'pact.member_joined': { pactId: number; userId: string; creatorId: string };
    /** A participant left; progress recomputes their schedule and streak. */
    'pact.member_left': { pactId: number; userId: string };
  }
}

export const TRIAL_REQUIRED_MESSAGE = 'Start a trial to join this team Pact';
export const CREATOR_CANNOT_LEAVE_MESSAGE = 'You cannot leave your own Pact';

async function visiblePact(db: Db, me: Viewer, pactId: number) {
  const row = await repo.findVisible(db, me.id, pactId);
  if (!row) throw notFound(PACT_NOT_FOUND);
  return row;
}

/**
 * Joins a Pact the caller may see (idempotent; rejoining after leaving starts again at day 1). A Pro Pact needs
 * the team's coach or a trialing, active or (within grace) past-due subscription. `opts.startDay` lets the demo
 * seeder place a participation further along.
 */
export async function joinPact(
  ctx: AppContext,
  me: Viewer,
  pactId: number,
  opts: { now?: Date; startDay?: string } = {},
): Promise<Participation> {
  const now = opts.now ?? new Date();
  const row = await visiblePact(ctx.db, me, pactId);
  if (row.pact.visibility === 'pro' && row.pact.creatorId !== me.id && row.team?.coachId !== me.id) {
    const teamId = row.pact.teamId;
    if (teamId == null || !(await parts.hasTeamAccess(ctx.db, me.id, teamId, now, PAST_DUE_GRACE_DAYS))) {
      throw forbidden(TRIAL_REQUIRED_MESSAGE);
    }
  }
  const startDay = opts.startDay ?? localDate(now, me.timeZone);
  const joined = await ctx.db.transaction((tx) => parts.join(tx as unknown as Db, me.id, pactId, startDay));
  if (joined) {
    await ctx.events.emit('pact.member_joined', { pactId, userId: me.id, creatorId: row.pact.creatorId });
  }
  const mine = await parts.findParticipation(ctx.db, me.id, pactId);
  const [participation] = await presentParticipations(ctx.db, me, mine ? [mine] : [], now);
  if (!participation) throw notFound(PACT_NOT_FOUND);
  return participation;
}

/** Leaves (idempotent). The creator stays: their Pact cannot lose its owner. */
export async function leavePact(ctx: AppContext, me: Viewer, pactId: number) {
  const row = await visiblePact(ctx.db, me, pactId);
  if (row.pact.creatorId === me.id) throw conflict(CREATOR_CANNOT_LEAVE_MESSAGE);
  await ctx.db.transaction((tx) => parts.leave(tx as unknown as Db, me.id, pactId));
  await ctx.events.emit('pact.member_left', { pactId, userId: me.id });
  return { ok: true as const, participantCount: await parts.participantCount(ctx.db, pactId) };
}

export async function toggleLike(ctx: AppContext, me: Viewer, pactId: number) {
  await visiblePact(ctx.db, me, pactId);
  return ctx.db.transaction((tx) => parts.toggleLike(tx as unknown as Db, me.id, pactId));
}

/** Files a report for the moderation queue, once per user and Pact. */
export async function reportPact(ctx: AppContext, me: Viewer, pactId: number, reason: string) {
  const row = await visiblePact(ctx.db, me, pactId);
  if (row.pact.creatorId === me.id) throw badRequest('You cannot report your own Pact');
  if (!(await parts.insertReport(ctx.db, me.id, pactId, reason))) {
    throw conflict('You already reported this Pact');
  }
  return { ok: true as const };
}
