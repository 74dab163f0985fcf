import type { UserProfile } from '@shared/api/users';
import { describe, expect, it } from 'vitest';
import { addFriendToast, friendButtonState } from './friend-button-state';

const profile = (over: Partial<Pick<UserProfile, 'isSelf' | 'isAiTrainer' | 'friendship'>>) => ({
  isSelf: false,
  isAiTrainer: false,
  friendship: 'none' as const,
  ...over,
});

describe('friendButtonState', () => {
  it('follows where the caller stands with the user', () => {
    expect(friendButtonState(profile({ friendship: 'none' }))).toBe('add');
    expect(friendButtonState(profile({ friendship: 'requested' }))).toBe('requested');
    expect(friendButtonState(profile({ friendship: 'incoming' }))).toBe('incoming');
    expect(friendButtonState(profile({ friendship: 'friends' }))).toBe('friends');
  });
  it('offers nothing on your own page or the AI trainer’s', () => {
    expect(friendButtonState(profile({ isSelf: true }))).toBe('hidden');
    expect(friendButtonState(profile({ isAiTrainer: true, friendship: 'friends' }))).toBe('hidden');
  });

  it('offers a demo visitor no Add Friend (its sample friends stay friends)', () => {
    expect(friendButtonState(profile({ friendship: 'none' }), true)).toBe('hidden');
    expect(friendButtonState(profile({ friendship: 'friends' }), true)).toBe('friends');
  });
});

describe('addFriendToast', () => {
  it('says a request went out, or that both are friends when the other had asked', () => {
    expect(addFriendToast({ friendship: 'requested' }, 'Maya')).toEqual({
      title: 'Friend request sent',
      description: 'Maya will see it in their notifications',
      variant: 'default',
    });
    expect(addFriendToast({ friendship: 'friends' }, 'Maya')).toEqual({
      title: 'Friend Added!',
      description: 'You are now friends with Maya',
      variant: 'success',
    });
  });
});
