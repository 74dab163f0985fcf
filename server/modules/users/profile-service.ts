import { eq } from 'drizzle-orm';
import type { UpdateProfileBody } from '../../../shared/api/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { SessionUser } from '../auth/guard';

/** Hooks run after a user's time zone changes (progress recomputes days and streaks in the new zone). */
const timeZoneListeners: Array<(ctx: AppContext, userId: string) => Promise<void>> = [];
export function onTimeZoneChanged(listener: (ctx: AppContext, userId: string) => Promise<void>) {
  timeZoneListeners.push(listener);
}

export async function updateProfile(ctx: AppContext, me: SessionUser, body: UpdateProfileBody) {
  if (Object.keys(body).length === 0) throw badRequest('Nothing to update');
  const firstName = body.firstName ?? me.firstName;
  const lastName = body.lastName ?? me.lastName;
  await ctx.db
    .update(users)
    .set({
      ...body,
      name: [firstName, lastName].filter(Boolean).join(' '),
      updatedAt: new Date(),
    })
    .where(eq(users.id, me.id));
  if (body.timeZone && body.timeZone !== me.timeZone) {
    for (const listener of timeZoneListeners) await listener(ctx, me.id);
  }
}
