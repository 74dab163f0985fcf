import type { Conversation } from '@shared/api/messages';

/** Presentation rules of the Messages list (client/features/messages/MessagesPage.tsx). */

/** What the other person is to the caller, with the team: 'Your coach · Form Lab', 'Member · Form Lab'. */
export function roleLine(c: Pick<Conversation, 'role' | 'team'>): string {
  return `${c.role === 'coach' ? 'Your coach' : 'Member'} · ${c.team.name}`;
}

/** The last message as a one-line preview: 'You: ...' for the caller's own; 'No messages yet' before any. */
export function previewOf(c: Pick<Conversation, 'lastMessage'>, meId: string): string {
  const last = c.lastMessage;
  if (!last) return 'No messages yet';
  const text = last.message.replace(/\s+/g, ' ').trim();
  return last.senderId === meId ? `You: ${text}` : text;
}

/** The count a badge shows: '1'..'99', then '99+'; null when all is read. */
export function unreadLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}

/** The Messages entry's accessible name: 'Messages' or 'Messages, 3 unread'. */
export function messagesEntryLabel(unreadTotal: number): string {
  return unreadTotal > 0 ? `Messages, ${unreadTotal} unread` : 'Messages';
}
