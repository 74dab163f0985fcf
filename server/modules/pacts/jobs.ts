import type { AppContext } from '../../context';
import type { Job } from '../../platform/jobs';
import { completeFinishedParticipations } from './bookkeeping-service';

/**
 * Completes participations whose last day is behind them (docs/PACTS.md) so participantCount stays exact in
 * Discover even for Pacts nobody opens. Reads also do it lazily for the rows they show; this catches the rest.
 * Day boundaries fall at each time zone's midnight, so a quarter-hour run is close enough.
 */
export function participationCompletionJob(ctx: AppContext): Job {
  return {
    name: 'participation-completion',
    everyMs: 15 * 60_000,
    run: () => completeFinishedParticipations(ctx, new Date()),
  };
}
