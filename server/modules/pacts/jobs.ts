import type { AppContext } from '../../context';
import type { Job } from '../../platform/jobs';
import { completeFinished } from './participations-repo';

/**
 * Completes participations whose last day is behind them (DECISIONS 4) so participantCount stays exact in
 * Discover even for Pacts nobody opens. Reads also do it lazily for the rows they show; this catches the rest.
 * Day boundaries fall at each time zone's midnight, so a quarter-hour run is close enough.
 */
export function participationCompletionJob(ctx: AppContext): Job {
  return {
    name: 'participation-completion',
    everyMs: 15 * 60_000,
    run: () => completeFinished(ctx.db, new Date()),
  };
}
