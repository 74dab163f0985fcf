import { describe, expect, it } from 'vitest';
import { TEAM_ACTION_LABEL, teamAction } from './team-actions';

describe('teamAction', () => {
  it('opens the team for its coach and for members with access', () => {
    expect(teamAction({ isCoach: true, hasAccess: false, myStatus: null, trialDays: 7 })).toBe('open');
    expect(teamAction({ isCoach: false, hasAccess: true, myStatus: 'trialing', trialDays: 7 })).toBe('open');
    expect(teamAction({ isCoach: false, hasAccess: true, myStatus: 'past_due', trialDays: 7 })).toBe('open');
  });

  it('offers the free trial only to someone who never subscribed', () => {
    expect(teamAction({ isCoach: false, hasAccess: false, myStatus: null, trialDays: 7 })).toBe('trial');
    for (const ended of ['canceled', 'unpaid', 'expired'] as const) {
      expect(teamAction({ isCoach: false, hasAccess: false, myStatus: ended, trialDays: 7 })).toBe(
        'subscribe',
      );
    }
    // The same email after an erased account: the server offers no trial days, so no trial.
    expect(teamAction({ isCoach: false, hasAccess: false, myStatus: null, trialDays: 0 })).toBe('subscribe');
    expect(TEAM_ACTION_LABEL.trial).toBe('Start Trial');
  });
});
