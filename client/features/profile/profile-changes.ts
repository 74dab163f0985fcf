import type { AuthUser, UpdateProfileBody } from '@shared/api/auth';

/** Only what changed goes to the profile update; null when nothing did. Names are trimmed, a bio may be cleared. */
export function profileChanges(
  user: Pick<AuthUser, 'firstName' | 'lastName' | 'bio'>,
  form: { firstName: string; lastName: string; bio: string },
): UpdateProfileBody | null {
  const changes: UpdateProfileBody = {};
  if (form.firstName.trim() !== (user.firstName ?? '')) changes.firstName = form.firstName.trim();
  if (form.lastName.trim() !== (user.lastName ?? '')) changes.lastName = form.lastName.trim();
  if (form.bio.trim() !== (user.bio ?? '').trim()) changes.bio = form.bio.trim();
  return Object.keys(changes).length > 0 ? changes : null;
}
