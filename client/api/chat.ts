import { api } from './client';

/**
 * A Pact's chat over HTTP. The chat keeps its messages in its own reducer (client/features/chat), fed by these
 * pages and by the real-time link, so these are plain calls rather than cached queries.
 */

/** The newest page, or the page before a message id (scrolling up). */
export const fetchMessages = (challengeId: number, query: { before?: number } = {}, signal?: AbortSignal) =>
  api.chat.messages({ params: { id: challengeId }, query, signal });

/** Posts a message; the same clientKey on a retry stores it once. */
export const postMessage = (challengeId: number, message: string, clientKey: string) =>
  api.chat.send({ params: { id: challengeId }, body: { message, type: 'message', clientKey } });

/** Tells the room someone is (no longer) working out live. Keepalive: a 'stopped' sent while leaving still lands. */
export const postLive = (challengeId: number, state: 'started' | 'stopped') =>
  api.chat.live({ params: { id: challengeId }, body: { state }, keepalive: true });
