import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureHint, readProviderReturn } from './provider-return';

const at = (search: string) => ({ pathname: '/register', search }) as Location;

describe('readProviderReturn', () => {
  const replaceState = vi.fn();
  vi.stubGlobal('window', { history: { state: null, replaceState } });
  afterEach(() => replaceState.mockClear());

  it('reads the date-of-birth step and keeps it in the address (a reload shows it again)', () => {
    expect(readProviderReturn(at('?step=birthdate'))).toEqual({ kind: 'birthdate' });
    expect(replaceState).not.toHaveBeenCalled();
  });

  it('reads a failure, then takes it out of the address', () => {
    expect(readProviderReturn(at('?auth_error=access_denied&provider=google'))).toEqual({
      kind: 'failed',
      reason: 'access_denied',
      provider: 'google',
    });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/register');
  });

  it('ignores an unknown provider name and answers null without a return', () => {
    expect(readProviderReturn(at('?auth_error=x&provider=<script>'))).toMatchObject({ provider: null });
    expect(readProviderReturn(at(''))).toBeNull();
  });
});

describe('failureHint', () => {
  it('explains an unverified email and a missing one, and nothing else', () => {
    expect(failureHint('email_not_verified', 'google')).toMatch(
      /^Google has not verified this email address/,
    );
    expect(failureHint('email_not_verified', null)).toMatch(/^The provider has not verified/);
    expect(failureHint('email_missing', 'facebook')).toMatch(/^Facebook did not share an email/);
    expect(failureHint('access_denied', 'google')).toBeNull();
    expect(failureHint('invalid_state', 'apple')).toBeNull();
  });
});
