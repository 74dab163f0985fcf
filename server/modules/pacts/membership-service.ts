import type { Participation } from '../../../shared/api/pacts';
import { localDate } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import { userHasTeamAccess } from '../teams/service';
import './events';
import * as parts from './participations-repo';
import { joinNeedsTeamAccess, mayJoin, mayLeave } from './policy';
import { PACT_NOT_FOUND, presentParticipations, visiblePact } from './read-service';

/** Joining, leaving and liking Pacts (rules in policy.ts; reporting one is moderation's). Each acts only for the caller. */

export const TRIAL_REQUIRED_MESSAGE = 'Start a trial to join this team Pact';
export const CREATOR_CANNOT_LEAVE_MESSAGE = 'You cannot leave your own Pact';

/**
 * Joins a Pact the caller may see (idempotent; rejoining after leaving starts again at day 1). A Pro Pact needs
 * team access (teams/policy.ts). `opts` lets tests place a participation at another time or start day.
 */
export async function joinPact(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  opts: { now?: Date; startDay?: string } = {},
): Promise<Participation> {
  const now = opts.now ?? new Date();
  const row = await visiblePact(ctx, me, pactId);
  const { pact, team } = row;
  const teamAccess =
    joinNeedsTeamAccess(me.id, pact) && pact.teamId != null && team?.id != null
      ? await userHasTeamAccess(ctx, me.id, { id: team.id, coachId: team.coachId }, opts.now)
      : false;
  if (!mayJoin(me.id, pact, teamAccess)) throw forbidden(TRIAL_REQUIRED_MESSAGE);
  const startDay = opts.startDay ?? localDate(now, me.timeZone);
  const joined = await ctx.db.transaction((tx) => parts.join(tx, me.id, pactId, startDay));
  if (joined) {
    await ctx.events.emit('pact.member_joined', { pactId, userId: me.id, creatorId: pact.creatorId });
  }
  const mine = await parts.findParticipation(ctx.db, me.id, pactId);
  const [participation] = await presentParticipations(ctx.db, me, mine ? [mine] : [], now);
  if (!participation) throw notFound(PACT_NOT_FOUND);
  return participation;
}

/** Leaves (idempotent). The creator stays: their Pact cannot lose its owner. */
export async function leavePact(ctx: AppContext, me: SessionUser, pactId: number) {
  const row = await visiblePact(ctx, me, pactId);
  if (!mayLeave(me.id, row.pact)) throw conflict(CREATOR_CANNOT_LEAVE_MESSAGE);
  await ctx.db.transaction((tx) => parts.leave(tx, me.id, pactId));
  await ctx.events.emit('pact.member_left', { pactId, userId: me.id });
  return { ok: true as const, participantCount: await parts.participantCount(ctx.db, pactId) };
}

export async function toggleLike(ctx: AppContext, me: SessionUser, pactId: number) {
  await visiblePact(ctx, me, pactId);
  return ctx.db.transaction((tx) => parts.toggleLike(tx, me.id, pactId));
}
