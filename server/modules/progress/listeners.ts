import type { ChangedFrame } from '../../../shared/api/changes';
import type { AppContext } from '../../context';
import { wakeJobRunner } from '../../platform/jobs';
import { userChannel } from '../../platform/realtime/events';
import '../teams/events';
import { enqueueProgressRecomputes } from './jobs';

/**
 * Keeps progress figures in step with what they are computed from. A proof decision enqueues its author's
 * recompute in its own transaction (proofs/service.ts), so here it only wakes the runner; the other causes
 * (a deleted proof, a time zone change, leaving or deleting a Pact) enqueue the recompute after their commit.
 * Once figures are stored (`progress.updated`), the people whose screens show them hear what changed.
 */
export function registerProgressListeners(ctx: AppContext) {
  const { events, db } = ctx;
  events.on('proof.status_changed', () => wakeJobRunner(ctx));
  const later = async (userIds: string[]) => {
    await enqueueProgressRecomputes(db, userIds);
    wakeJobRunner(ctx);
  };
  events.on('proof.deleted', ({ userId }) => later([userId]));
  events.on('user.time_zone_changed', ({ userId }) => later([userId]));
  events.on('pact.member_left', ({ userId }) => later([userId]));
  events.on('pact.deleted', ({ memberIds }) => later(memberIds));
  // Team access ending or coming back ends or restarts participations (their schedule days), in its transaction.
  events.on('team.subscription_changed', ({ userId, from, to }) =>
    from === to ? undefined : later([userId]),
  );
  events.on('progress.updated', async ({ userId, watchers }) => {
    const own: ChangedFrame = { type: 'changed', topics: ['progress', 'participations', 'leaderboard'] };
    await ctx.realtime.publish(userChannel(userId), own);
    const theirs: ChangedFrame = { type: 'changed', topics: ['leaderboard', 'participations'] };
    for (const watcher of watchers) await ctx.realtime.publish(userChannel(watcher), theirs);
  });
}
