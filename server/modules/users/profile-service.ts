import type { UpdateProfileBody } from '../../../shared/api/auth';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import type { SessionUser } from '../auth/guard';
import './events';
import * as repo from './repo';

export async function updateProfile(ctx: AppContext, me: SessionUser, body: UpdateProfileBody) {
  if (Object.keys(body).length === 0) throw badRequest('Nothing to update');
  const firstName = body.firstName ?? me.firstName;
  const lastName = body.lastName ?? me.lastName;
  await repo.updateProfile(ctx.db, me.id, { ...body, name: [firstName, lastName].filter(Boolean).join(' ') });
  await ctx.events.emit('user.profile_changed', { userId: me.id });
  if (body.timeZone && body.timeZone !== me.timeZone) {
    await ctx.events.emit('user.time_zone_changed', { userId: me.id, from: me.timeZone, to: body.timeZone });
  }
}
