/**
 * Chat rules (docs/CHAT.md): whoever may see a Pact reads its chat (pacts/policy.ts; the socket gateway's room
 * check is that same rule); its participants write, active or completed, not those who left; only active ones
 * go live. Messages between a blocked pair are dropped for both sides (safety/policy.ts), in pages and on sockets.
 */

type Status = string | null | undefined;

export const mayWriteChat = (myStatus: Status): boolean => myStatus === 'active' || myStatus === 'completed';

export const mayGoLive = (myStatus: Status): boolean => myStatus === 'active';
