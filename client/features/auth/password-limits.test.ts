import * as contract from '@shared/api/auth';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from './password-limits';

describe('password limits', () => {
  it('match the shared contract', () => {
    expect(PASSWORD_MIN).toBe(contract.PASSWORD_MIN);
    expect(PASSWORD_MAX).toBe(contract.PASSWORD_MAX);
    expect(
      contract.signUpBody.safeParse({
        email: 'a@b.co',
        password: 'x'.repeat(PASSWORD_MIN),
        dateOfBirth: '2000-01-01',
      }).success,
    ).toBe(true);
    expect(
      contract.signUpBody.safeParse({
        email: 'a@b.co',
        password: 'x'.repeat(PASSWORD_MIN - 1),
        dateOfBirth: '2000-01-01',
      }).success,
    ).toBe(false);
  });
});
