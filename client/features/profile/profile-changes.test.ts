import { describe, expect, it } from 'vitest';
import { profileChanges } from './profile-changes';

const user = { firstName: 'Avery', lastName: 'Stone', bio: 'Runs at dawn' };

describe('profileChanges', () => {
  it('is null when nothing changed, spaces around a name included', () => {
    expect(
      profileChanges(user, { firstName: ' Avery ', lastName: 'Stone', bio: 'Runs at dawn ' }),
    ).toBeNull();
  });

  it('sends only what changed, trimmed', () => {
    expect(profileChanges(user, { firstName: 'Ava ', lastName: 'Stone', bio: 'Runs at dawn' })).toEqual({
      firstName: 'Ava',
    });
    expect(profileChanges(user, { firstName: 'Avery', lastName: 'Rivers', bio: ' Swims ' })).toEqual({
      lastName: 'Rivers',
      bio: 'Swims',
    });
  });

  it('clears a bio, and sets one where there was none', () => {
    expect(profileChanges(user, { firstName: 'Avery', lastName: 'Stone', bio: '  ' })).toEqual({ bio: '' });
    expect(
      profileChanges({ ...user, bio: null }, { firstName: 'Avery', lastName: 'Stone', bio: 'Hi' }),
    ).toEqual({
      bio: 'Hi',
    });
  });
});
