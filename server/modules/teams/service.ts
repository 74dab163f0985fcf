import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { hasTeamAccess } from './policy';
import * as repo from './repo';

/** Coaches' Pro teams. Teams are created with their Pro Pact (pacts/edit-service.ts); billing comes later. */

/** Creates a team for a coach; `db` may be the caller's transaction (the Pact is created in the same one). */
export function createTeam(
  db: Db,
  team: { name: string; description: string; coachId: string; subscriptionPrice: number },
): Promise<number> {
  return repo.insertTeam(db, team);
}

/** Whether `userId` has access to the team now (teams/policy.ts). */
export async function userHasTeamAccess(
  ctx: AppContext,
  userId: string,
  team: { id: number; coachId: string },
  now = new Date(),
): Promise<boolean> {
  if (hasTeamAccess(userId, team, null, now)) return true;
  const subscription = await repo.findSubscription(ctx.db, userId, team.id);
  return hasTeamAccess(userId, team, subscription, now);
}

/** Erasure of an account (privacy module), inside its transaction: the Pro Creator waitlist forgets it. */
export function eraseWaitlistOf(tx: Db, userId: string, email: string) {
  return repo.deleteWaitlistOf(tx, userId, email);
}
