import type { UpdateProfileBody } from '../../../shared/api/auth';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/errors';
import type { SessionUser } from '../session/guard';
import './events';
import { mediaUrl } from '../../../shared/api/media';
import { getOwnReadyMedia, removeMedia } from '../media/service';
import * as repo from './repo';
import { assertUsernameFree, withUsernameRace } from './username-service';

export async function updateProfile(ctx: AppContext, me: SessionUser, body: UpdateProfileBody) {
  if (Object.keys(body).length === 0) throw badRequest('Nothing to update');
  const firstName = body.firstName ?? me.firstName;
  const lastName = body.lastName ?? me.lastName;
  const { imageMediaId, ...fields } = body;
  // A profile photo: the person's own ready `avatar` upload (square, cropped in the browser), or none.
  const image =
    imageMediaId === undefined
      ? undefined
      : imageMediaId === null
        ? null
        : mediaUrl((await getOwnReadyMedia(ctx, me, imageMediaId, ['avatar'])).id);
  if (fields.username) await assertUsernameFree(ctx, me.id, fields.username);
  const before = image !== undefined ? await repo.imageOf(ctx.db, me.id) : null;
  await withUsernameRace(() =>
    repo.updateProfile(ctx.db, me.id, {
      ...fields,
      ...(image !== undefined ? { image } : {}),
      name: [firstName, lastName].filter(Boolean).join(' '),
    }),
  );
  // The photo it replaced is nobody's any more.
  if (before?.startsWith('/media/') && before !== image) await removeMedia(ctx, [before.slice(7)]);
  await ctx.events.emit('user.profile_changed', { userId: me.id });
  if (body.timeZone && body.timeZone !== me.timeZone) {
    await ctx.events.emit('user.time_zone_changed', { userId: me.id, from: me.timeZone, to: body.timeZone });
  }
}
