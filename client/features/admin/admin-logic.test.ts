import type { ModerationReport } from '@shared/api/safety';
import { describe, expect, it } from 'vitest';
import { banTarget, reportActions, resolvedText } from './admin-logic';

const creator = {
  id: 'c',
  firstName: 'Cy',
  lastName: null,
  username: 'cy',
  profileImageUrl: null,
  bannedAt: null,
};
const pact = { id: 1, title: 'T', description: 'D', visibility: 'public', isHidden: false, creator };

describe('moderation actions', () => {
  it('offers Hide Pact only for visible reported Pacts', () => {
    expect(reportActions({ kind: 'pact', pact })).toEqual(['hide', 'ban', 'dismiss']);
    expect(reportActions({ kind: 'pact', pact: { ...pact, isHidden: true } })).toEqual(['ban', 'dismiss']);
    expect(reportActions({ kind: 'user', pact: null })).toEqual(['ban', 'dismiss']);
  });
  it('bans the reported user or the Pact creator', () => {
    const user = { ...creator, id: 'u', bio: null } as NonNullable<ModerationReport['user']>;
    expect(banTarget({ user, pact: null })?.id).toBe('u');
    expect(banTarget({ user: null, pact })?.id).toBe('c');
    expect(banTarget({ user: null, pact: null })).toBeNull();
  });
  it('says what happened', () => {
    expect(resolvedText('hide', 1)).toBe('Pact hidden');
    expect(resolvedText('ban', 3)).toBe('User banned · 3 reports closed');
    expect(resolvedText('dismiss', 1)).toBe('Report dismissed');
  });
});
