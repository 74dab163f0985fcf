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
import { badRequest, notFound } from '../../platform/errors';
import { findUserVisibleTo } from '../users/repo';
import type { ParticipationRow } from './participations-repo';
import * as parts from './participations-repo';
import { toChallenge, toParticipant, toParticipation, type Viewer } from './present';
import * as repo from './repo';

/** Reads of Pacts and participations. */

export const PACT_NOT_FOUND = 'Pact not found';
const PARTICIPANTS_MAX = 500;
const LIVE_MAX = 50;
const LIKED_MAX = 100;

type ListQuery = import('zod').output<typeof listChallengesQuery>;

/** The cursor is opaque to clients: the last id of the previous page, base64url-encoded. */
export const encodeCursor = (id: number) => Buffer.from(`id:${id}`).toString('base64url');
export function decodeCursor(cursor: string): number {
  const match = /^id:(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw badRequest('cursor: is invalid');
  return Number(match[1]);
}

export async function listChallenges(ctx: AppContext, me: Viewer, query: ListQuery, now = new Date()) {
  const rows = await repo.listVisible(ctx.db, me.id, {
    filter: query.filter,
    beforeId: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit,
    popularAbove: POPULAR_PARTICIPANT_THRESHOLD,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => toChallenge(row, me, now)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.pact.id) : null,
  } satisfies ChallengePage;
}

/** One Pact the caller may see, else 404 (never 403: its existence is not revealed). */
export async function getChallenge(ctx: AppContext, me: Viewer, pactId: number, now = new Date()) {
  await parts.completeFinished(ctx.db, now, { pactId });
  const row = await repo.findVisible(ctx.db, me.id, pactId);
  if (!row) throw notFound(PACT_NOT_FOUND);
  return toChallenge(row, me, now);
}

export async function listParticipants(
  ctx: AppContext,
  me: Viewer,
  pactId: number,
  now = new Date(),
): Promise<Participant[]> {
  const challenge = await getChallenge(ctx, me, pactId, now);
  const rows = await parts.listParticipants(ctx.db, me.id, pactId, PARTICIPANTS_MAX);
  return rows.map((row) => toParticipant(row, challenge.totalDays, now));
}

/**
 * Pacts whose workout may start now in the caller's time zone: scheduled today and within the card start window
 * (7.5 minutes either side of the workout time, today only). Times are whole minutes, so the window is the set
 * of 'HH:MM' values within reach; the caller's own Pacts come first.
 */
export async function listLiveChallenges(ctx: AppContext, me: Viewer, now = new Date()) {
  const wall = zonedParts(now, me.timeZone);
  const nowMinutes = wall.hours * 60 + wall.minutes + wall.seconds / 60;
  const times: string[] = [];
  const from = Math.max(0, Math.ceil(nowMinutes - CARD_START_WINDOW_MINUTES));
  const to = Math.min(24 * 60 - 1, Math.floor(nowMinutes + CARD_START_WINDOW_MINUTES));
  for (let m = from; m <= to; m += 1) times.push(formatHHMM({ hours: Math.floor(m / 60), minutes: m % 60 }));
  const rows = await repo.listLive(ctx.db, me.id, { weekday: weekdayOf(wall.date), times, limit: LIVE_MAX });
  return rows.map((row) => toChallenge(row, me, now));
}

export async function listLikedChallenges(ctx: AppContext, me: Viewer, now = new Date()) {
  const rows = await repo.listLiked(ctx.db, me.id, LIKED_MAX);
  return rows.map((row) => toChallenge(row, me, now));
}

/** Attaches each participation's Pact as `viewer` sees it. */
export async function presentParticipations(
  db: Db,
  viewer: Viewer,
  rows: ParticipationRow[],
  now: Date,
): Promise<Participation[]> {
  const pacts = await repo.findVisibleMany(db, viewer.id, [...new Set(rows.map((r) => r.pactId))]);
  const byId = new Map<number, Challenge>(pacts.map((row) => [row.pact.id, toChallenge(row, viewer, now)]));
  return rows.flatMap((row) => {
    const challenge = byId.get(row.pactId);
    return challenge ? [toParticipation(row, challenge, now)] : [];
  });
}

/** The caller's own participations (active first), completing any whose last day has passed. */
export async function listMyParticipations(ctx: AppContext, me: Viewer, now = new Date()) {
  await parts.completeFinished(ctx.db, now, { userId: me.id });
  const { rows } = await parts.listParticipationsVisible(ctx.db, me.id, me.id, {
    statuses: ['active', 'completed'],
  });
  return presentParticipations(ctx.db, me, rows, now);
}

/** Another user's participations, limited to Pacts the caller may see; unknown or blocked users are 404. */
export async function listUserParticipations(ctx: AppContext, me: Viewer, userId: string, now = new Date()) {
  if (!(await findUserVisibleTo(ctx.db, me.id, userId))) throw notFound('User not found');
  await parts.completeFinished(ctx.db, now, { userId });
  const { rows } = await parts.listParticipationsVisible(ctx.db, me.id, userId, {
    statuses: ['active', 'completed'],
  });
  return presentParticipations(ctx.db, me, rows, now);
}
