import { describe, expect, it } from 'vitest';
import { TEAM_ACTION_LABEL, teamAction } from './team-actions';

describe('teamAction', () => {
  it('opens the team for its coach and for members with access', () => {
    expect(teamAction({ isCoach: true, hasAccess: false, myStatus: null })).toBe('open');
    expect(teamAction({ isCoach: false, hasAccess: true, myStatus: 'trialing' })).toBe('open');
    expect(teamAction({ isCoach: false, hasAccess: true, myStatus: 'past_due' })).toBe('open');
  });

  it('offers the free trial only to someone who never subscribed', () => {
    expect(teamAction({ isCoach: false, hasAccess: false, myStatus: null })).toBe('trial');
    for (const ended of ['canceled', 'unpaid', 'expired'] as const) {
      expect(teamAction({ isCoach: false, hasAccess: false, myStatus: ended })).toBe('subscribe');
    }
    expect(TEAM_ACTION_LABEL.trial).toBe('Start Trial');
  });
});
