import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUp } from '../../test/factories';
import { SIGN_IN_LIMITS, signInThrottle, slowdownMs } from './sign-in-limits';

/** Probe hole 8: password spraying across accounts, and many addresses guessing one account. */
describe('failed sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());
  afterEach(() => vi.restoreAllMocks());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      remoteAddress,
      payload: { email, password },
    });

  it('refuses an address after 30 failed sign-ins across any emails, and only that address', async () => {
    const waits = vi.spyOn(signInThrottle, 'wait').mockResolvedValue(undefined);
    const real = await signUp(t.app, { email: 'sprayed@example.com', password: 'correct horse battery' });
    const codes: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAddress; i++) {
      codes.push((await signIn(`account${i}@example.com`, 'Summer2024!', '192.0.2.10')).statusCode);
    }
    expect(codes.every((c) => c === 401)).toBe(true);
    const next = await signIn('sprayed@example.com', 'correct horse battery', '192.0.2.10');
    expect(next.statusCode).toBe(429);
    expect(next.json().message).toMatch(
      /^Too many failed sign-ins from your network\. Try again in 15 minutes\.$/,
    );
    // The account's owner elsewhere signs in as usual.
    const owner = await signIn('sprayed@example.com', 'correct horse battery', '198.51.100.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(real.user.id);
    // One failure per email: nobody was slowed down.
    expect(waits).not.toHaveBeenCalled();
  });

  it('slows down, never locks out, an email that many addresses try', async () => {
    const waits = vi.spyOn(signInThrottle, 'wait').mockResolvedValue(undefined);
    await signUp(t.app, { email: 'target@example.com', password: 'correct horse battery' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await signIn('target@example.com', `guess-${i}`, `203.0.113.${i + 1}`)).statusCode);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    // Free for the first 5 failures, then 0.5 s doubling each time, up to 8 s.
    expect(waits.mock.calls.map(([ms]) => ms)).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
    waits.mockClear();
    const owner = await signIn('target@example.com', 'correct horse battery', '198.51.100.8');
    expect(owner.statusCode).toBe(200);
    expect(waits).toHaveBeenCalledWith(8000);
  });

  it('computes the wait from the recent failures', () => {
    expect([0, 5, 6, 7, 8, 9, 10, 11, 50].map(slowdownMs)).toEqual([
      0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });
});
