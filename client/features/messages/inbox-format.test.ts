import type { Conversation } from '@shared/api/messages';
import { describe, expect, it } from 'vitest';
import { messagesEntryLabel, previewOf, roleLine, unreadLabel } from './inbox-format';

const team = { id: 1, name: 'Form Lab', imageUrl: null, accentColor: null };
const last = (senderId: string, message: string): Conversation['lastMessage'] => ({
  id: 9,
  senderId,
  recipientId: senderId === 'me' ? 'coach' : 'me',
  message,
  timestamp: '2026-11-28T10:00:00.000Z',
  readAt: null,
  clientKey: null,
});

describe('the Messages list', () => {
  it('says who the other person is, with the team', () => {
    expect(roleLine({ role: 'coach', team })).toBe('Your coach · Form Lab');
    expect(roleLine({ role: 'member', team })).toBe('Member · Form Lab');
  });

  it('previews the last message on one line, marking the caller’s own', () => {
    expect(previewOf({ lastMessage: null }, 'me')).toBe('No messages yet');
    expect(previewOf({ lastMessage: last('coach', 'Film\n\none set') }, 'me')).toBe('Film one set');
    expect(previewOf({ lastMessage: last('me', 'Will do') }, 'me')).toBe('You: Will do');
  });

  it('counts unread messages on badges and in the entry’s name', () => {
    expect(unreadLabel(0)).toBeNull();
    expect(unreadLabel(3)).toBe('3');
    expect(unreadLabel(120)).toBe('99+');
    expect(messagesEntryLabel(0)).toBe('Messages');
    expect(messagesEntryLabel(2)).toBe('Messages, 2 unread');
  });
});
