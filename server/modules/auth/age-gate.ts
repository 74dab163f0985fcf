import { AppError, badRequest } from '../../platform/errors';

/** Age in whole years on `today`'s UTC date: exactly N years old on the birthday itself. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The age gate of every new account (email or provider): a plausible date of birth, at least `minAge` today. */
export function assertOldEnough(dateOfBirth: string, minAge: number): void {
  const age = ageOn(dateOfBirth, new Date());
  if (age > 120 || age < 0) throw badRequest('dateOfBirth: is not a plausible date of birth');
  if (age < minAge) {
    throw new AppError(
      400,
      `You must be at least ${minAge} years old to use SweatPact. No account was created.`,
      'too_young',
    );
  }
}
