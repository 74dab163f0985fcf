import type {
  Challenge,
  ChallengePage,
  listChallengesQuery,
  Participant,
  Participation,
} from '../../../shared/api/pacts';
import { CARD_START_WINDOW_MINUTES, POPULAR_PARTICIPANT_THRESHOLD } from '../../../shared/domain/limits';
import { formatHHMM, weekdayOf, zonedParts } from '../../../shared/domain/time';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { forbidden, notFound } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import { findVisibleUser } from '../users/service';
import type { ParticipationRow } from './participations-repo';
import * as parts from './participations-repo';
import { canViewPact } from './policy';
import type { PactAccess } from './prepared';
import * as prepared from './prepared';
import { presentPact, toParticipant, toParticipation } from './present';
import type { PactRow } from './repo';
import * as repo from './repo';

/** Reads of Pacts and participations. */

export const PACT_NOT_FOUND = 'Pact not found';
const PARTICIPANTS_MAX = 500;
const LIVE_MAX = 50;
const LIKED_MAX = 100;

type ListQuery = import('zod').output<typeof listChallengesQuery>;

export async function listPacts(ctx: AppContext, me: SessionUser, query: ListQuery, now = new Date()) {
  const beforeId = query.cursor ? decodeCursor(query.cursor) : null;
  // Discover's default feed is the hot one: a prepared statement (prepared.ts); other filters build their query.
  const rows =
    query.filter === 'all'
      ? await prepared.listNewestVisible(ctx.db, me.id, beforeId, query.limit + 1)
      : await repo.listVisible(ctx.db, me.id, {
          filter: query.filter,
          beforeId,
          limit: query.limit,
          popularAbove: POPULAR_PARTICIPANT_THRESHOLD,
        });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => presentPact(row, me, now)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.pact.id) : null,
  } satisfies ChallengePage;
}

/** One Pact the caller may see, else 404 (never 403: its existence is not revealed). */
export async function getPact(ctx: AppContext, me: SessionUser, pactId: number, now = new Date()) {
  const row = await prepared.findVisiblePrepared(ctx.db, me.id, pactId);
  if (!row) throw notFound(PACT_NOT_FOUND);
  return presentPact(row, me, now);
}

export const TEAM_PARTICIPANTS_MESSAGE = "Start a trial to see this team Pact's members";

export async function listParticipants(
  ctx: AppContext,
  me: SessionUser,
  pactId: number,
  now = new Date(),
): Promise<Participant[]> {
  const challenge = await getPact(ctx, me, pactId, now);
  // A paid team's members: for its coach and the members with access (trialing, active, past due in grace).
  if (challenge.teamId !== null && !challenge.teamAccess) throw forbidden(TEAM_PARTICIPANTS_MESSAGE);
  const rows = await parts.listParticipants(ctx.db, me.id, pactId, PARTICIPANTS_MAX);
  return rows.map((row) => toParticipant(row, challenge.totalDays, now));
}

/**
 * Pacts whose workout may start now in the caller's time zone: scheduled today and within the card start window
 * (7.5 minutes either side of the workout time, today only). Times are whole minutes, so the window is the set
 * of 'HH:MM' values within reach; the caller's own Pacts come first.
 */
export async function listLivePacts(ctx: AppContext, me: SessionUser, now = new Date()) {
  const wall = zonedParts(now, me.timeZone);
  const nowMinutes = wall.hours * 60 + wall.minutes + wall.seconds / 60;
  const times: string[] = [];
  const from = Math.max(0, Math.ceil(nowMinutes - CARD_START_WINDOW_MINUTES));
  const to = Math.min(24 * 60 - 1, Math.floor(nowMinutes + CARD_START_WINDOW_MINUTES));
  for (let m = from; m <= to; m += 1) times.push(formatHHMM({ hours: Math.floor(m / 60), minutes: m % 60 }));
  const rows = await repo.listLive(ctx.db, me.id, { weekday: weekdayOf(wall.date), times, limit: LIVE_MAX });
  return rows.map((row) => presentPact(row, me, now));
}

export async function listLikedPacts(ctx: AppContext, me: SessionUser, now = new Date()) {
  const rows = await repo.listLiked(ctx.db, me.id, LIKED_MAX);
  return rows.map((row) => presentPact(row, me, now));
}

/** Attaches each participation's Pact as `me` sees it. */
export async function presentParticipations(
  db: Db,
  me: SessionUser,
  rows: ParticipationRow[],
  now: Date,
): Promise<Participation[]> {
  const pacts = await repo.findVisibleMany(db, me.id, [...new Set(rows.map((r) => r.pactId))]);
  const byId = new Map<number, Challenge>(pacts.map((row) => [row.pact.id, presentPact(row, me, now)]));
  return rows.flatMap((row) => {
    const challenge = byId.get(row.pactId);
    return challenge ? [toParticipation(row, challenge, now)] : [];
  });
}

/** The caller's own participations (active first; one past its last day reads as completed). */
export async function listMyParticipations(ctx: AppContext, me: SessionUser, now = new Date()) {
  const { rows } = await parts.listParticipationsVisible(ctx.db, me.id, me.id, {
    statuses: ['active', 'completed'],
    now,
  });
  return presentParticipations(ctx.db, me, rows, now);
}

/** Another user's participations, limited to Pacts the caller may see; unknown or blocked users are 404. */
export async function listUserParticipations(
  ctx: AppContext,
  me: SessionUser,
  userId: string,
  now = new Date(),
) {
  if (!(await findVisibleUser(ctx, me.id, userId))) throw notFound('User not found');
  const { rows } = await parts.listParticipationsVisible(ctx.db, me.id, userId, {
    statuses: ['active', 'completed'],
    now,
  });
  return presentParticipations(ctx.db, me, rows, now);
}

/** One Pact as `me` sees it (the row every Pact read returns), or 404. */
export async function visiblePact(ctx: AppContext, me: SessionUser, pactId: number): Promise<PactRow> {
  const row = await prepared.findVisiblePrepared(ctx.db, me.id, pactId);
  if (!row) throw notFound(PACT_NOT_FOUND);
  return row;
}

/**
 * visiblePact's answer reduced to what acting in a Pact's chat needs (who created it, the caller's participation,
 * whether the caller has its team's access; `teamAccess` is true for a Pact without a team), or the same 404: the
 * same visibility rule, without reading the card. The chat reads it for every message sent.
 */
export async function pactAccess(ctx: AppContext, me: SessionUser, pactId: number): Promise<PactAccess> {
  const row = await prepared.findAccessPrepared(ctx.db, me.id, pactId);
  if (!row) throw notFound(PACT_NOT_FOUND);
  return row;
}

/**
 * Whether `userId` may see the Pact, by the visibility rule on its facts (pacts/policy.ts). The socket gateway's
 * room check: a room is a Pact's chat, readable by whoever may see the Pact.
 */
export async function canSeePact(ctx: AppContext, userId: string | null, pactId: number): Promise<boolean> {
  if (userId === null) return false;
  return canViewPact(await repo.pactFacts(ctx.db, userId, pactId));
}

/** The Pacts of `ids` that `me` may see, as cards, in the order given (a team page's Pacts). */
export async function visiblePactCards(
  ctx: AppContext,
  me: SessionUser,
  ids: readonly number[],
  now = new Date(),
): Promise<Challenge[]> {
  if (ids.length === 0) return [];
  const byId = new Map(
    (await repo.findVisibleMany(ctx.db, me.id, [...ids])).map((row) => [row.pact.id, row]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [presentPact(row, me, now)] : [];
  });
}

/** Bare Pact row with no access check, for code that already checked (or needs no check, like jobs). */
export function findPact(ctx: AppContext, pactId: number) {
  return repo.findPact(ctx.db, pactId);
}

/** Who created a Pact (undefined: no such Pact), no access check: for listeners that act in some creators' Pacts only. */
export function pactCreatorId(ctx: AppContext, pactId: number) {
  return repo.creatorOf(ctx.db, pactId);
}

/** A user's profile lists: their active and completed participations and created Pacts that `me` may see. */
export async function profilePacts(
  ctx: AppContext,
  me: SessionUser,
  userId: string,
  limits: { active: number; completed: number; created: number },
  now = new Date(),
) {
  const { db } = ctx;
  const [active, completed, created] = await Promise.all([
    parts.listParticipationsVisible(db, me.id, userId, { statuses: ['active'], now, limit: limits.active }),
    parts.listParticipationsVisible(db, me.id, userId, {
      statuses: ['completed', 'ended'],
      now,
      limit: limits.completed,
    }),
    repo.listCreatedVisible(db, me.id, userId, limits.created),
  ]);
  return {
    active: await presentParticipations(db, me, active.rows, now),
    completed: await presentParticipations(db, me, completed.rows, now),
    created: created.rows.map((row) => presentPact(row, me, now)),
    counts: { active: active.total, completed: completed.total, created: created.total },
  };
}

/** Whether the Pact uses this media as its tutorial and `me` may see it (who may play a tutorial). */
export function isTutorialOfVisiblePact(ctx: AppContext, me: string, mediaId: string) {
  return repo.isTutorialOfVisiblePact(ctx.db, me, mediaId);
}
