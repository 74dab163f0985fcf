import type { ModerationQueue, ModerationReport, ReportAction } from '../../../shared/api/safety';
import type { AppContext } from '../../context';
import { decodeCursor, encodeCursor } from '../../platform/cursor';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { hidePact, hidePactsOfBanned } from '../pacts/bookkeeping';
import type { SessionUser } from '../session/guard';
import { endAllSessions } from '../session/sessions';
import { banUser, findUserById } from '../users/service';
import '../safety/events';
import { mayBeBanned, mayModerate } from '../safety/policy';
import * as repo from './repo';

/** The moderation queue for admins (users.role 'admin'): reported Pacts and users, hide and ban. */

const QUEUE_PAGE = 50;

/** Everyone but an admin gets the same 404 as an unknown path: the admin area is not revealed. */
export function assertAdmin(me: SessionUser) {
  if (!mayModerate(me)) throw notFound();
}

type QueueRow = Awaited<ReturnType<typeof repo.openReports>>[number];

type Joined = NonNullable<QueueRow['creator']>;

/** A left-joined user (null columns when absent) as the API's person, or null. */
function person(u: Joined | null) {
  if (!u?.id || !u.username) return null;
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    profileImageUrl: u.profileImageUrl,
    bannedAt: u.bannedAt ? u.bannedAt.toISOString() : null,
  };
}

function present(row: QueueRow): ModerationReport {
  const creator = person(row.creator);
  const user = person(row.user);
  return {
    id: row.id,
    kind: row.pactId != null ? 'pact' : 'user',
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reporter: row.reporter,
    pact: row.pact && creator ? { ...row.pact, creator } : null,
    user: user ? { ...user, bio: row.user?.bio ?? null } : null,
    reportCount: row.reportCount,
  };
}

export async function listQueue(ctx: AppContext, me: SessionUser, cursor?: string): Promise<ModerationQueue> {
  assertAdmin(me);
  const rows = await repo.openReports(ctx.db, cursor ? decodeCursor(cursor) : null, QUEUE_PAGE);
  const page = rows.slice(0, QUEUE_PAGE);
  const last = page[page.length - 1];
  return {
    items: page.map(present),
    nextCursor: rows.length > QUEUE_PAGE && last ? encodeCursor(last.id) : null,
  };
}

/**
 * Resolves an open report. hide: the reported Pact is hidden (Pact reports only). ban: the reported user, or the
 * reported Pact's creator, is banned and signed out everywhere. Both close every open report about the same
 * target; dismiss closes only this one.
 */
export async function resolveReport(
  ctx: AppContext,
  me: SessionUser,
  reportId: number,
  action: ReportAction,
) {
  assertAdmin(me);
  const report = await repo.findReport(ctx.db, reportId);
  if (!report) throw notFound('Report not found');
  if (report.status !== 'open') throw conflict('This report was already resolved');

  if (action === 'dismiss') {
    const closed = await repo.closeReports(ctx.db, 'dismissed', { reportId });
    return { ok: true as const, status: 'dismissed' as const, closed };
  }
  if (action === 'hide') {
    const pactId = report.pactId;
    if (pactId == null) throw badRequest('Only a reported Pact can be hidden');
    const closed = await ctx.db.transaction(async (tx) => {
      await hidePact(tx, pactId);
      return repo.closeReports(tx, 'actioned', { pactId });
    });
    await ctx.events.emit('pact.updated', { pactId });
    return { ok: true as const, status: 'actioned' as const, closed };
  }
  const userId = report.reportedUserId ?? report.pactCreatorId;
  if (!userId) throw notFound('Report not found');
  if (!mayBeBanned(await findUserById(ctx, userId))) throw badRequest('This user cannot be banned');
  const { closed, hidden } = await ctx.db.transaction(async (tx) => {
    // The ban, the end of every session of theirs (the next request is signed out) and their Pacts hidden.
    await banUser(tx, userId, new Date());
    await endAllSessions(tx, userId);
    const hidden = await hidePactsOfBanned(tx, userId);
    return { closed: await repo.closeReports(tx, 'actioned', { reportId, userId }), hidden };
  });
  await ctx.events.emit('user.banned', { userId, byId: me.id });
  await ctx.events.emit('session.revoked', { userId });
  for (const pactId of hidden) await ctx.events.emit('pact.updated', { pactId });
  return { ok: true as const, status: 'actioned' as const, closed };
}
