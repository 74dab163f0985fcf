import type { AppContext } from '../../context';
import * as repo from './repo';

/** Which of these session ids are still valid (the socket gateway closes the others' sockets). */
export function liveSessions(ctx: AppContext, ids: string[]): Promise<Set<string>> {
  return repo.liveSessions(ctx.db, ids);
}
