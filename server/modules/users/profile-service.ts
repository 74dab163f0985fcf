import { eq } from 'drizzle-orm';
import type { UpdateProfileBody } from '../../../shared/api/auth';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest } from '../../platform/errors';
import type { SessionUser } from '../auth/guard';

declare module '../../platform/events' {
  interface DomainEvents {
    /** Progress recomputes the user's days and streaks in the new zone. */
    'user.time_zone_changed': { userId: string; from: string; to: string };
  }
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
    await ctx.events.emit('user.time_zone_changed', { userId: me.id, from: me.timeZone, to: body.timeZone });
  }
}
