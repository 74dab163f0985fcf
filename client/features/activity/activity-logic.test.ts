import { describe, expect, it } from 'vitest';
import { activityName, completedText, doingText, joinAction } from './activity-logic';

const user = { firstName: 'Blake', username: 'blake', profileImageUrl: null };

describe('activity texts', () => {
  it('reads the Friends texts', () => {
    expect(doingText({ user })).toBe('Blake is doing');
    expect(completedText({ value: 30, type: 'squats' }, true)).toBe('Completed 30 squats today');
    expect(completedText({ value: 20, type: 'push-ups' }, false)).toBe('Completed 20 push-ups');
  });
  it('falls back to the username', () => {
    expect(activityName({ user: { ...user, firstName: '  ' } })).toBe('blake');
  });
});

describe('joinAction', () => {
  it('opens the chat when already in, else joins', () => {
    expect(joinAction({ joined: true, challengeId: 4 })).toEqual({ kind: 'open', href: '/chat/4' });
    expect(joinAction({ joined: false, challengeId: 4 })).toEqual({ kind: 'join', challengeId: 4 });
  });
});
