import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp } from '../../test/factories';

describe('user settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts with the defaults and keeps what the user saves, per user', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const initial = await t.app.inject({ url: '/api/user/settings', headers: a.headers });
    expect(initial.json()).toEqual({ workoutNotifications: true, analytics: false, marketing: false });

    const saved = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      headers: a.headers,
      payload: { analytics: true, workoutNotifications: false },
    });
    expect(saved.json()).toEqual({ workoutNotifications: false, analytics: true, marketing: false });
    const again = await t.app.inject({ url: '/api/user/settings', headers: a.headers });
    expect(again.json()).toEqual({ workoutNotifications: false, analytics: true, marketing: false });
    // The second user's settings are untouched.
    const other = await t.app.inject({ url: '/api/user/settings', headers: b.headers });
    expect(other.json()).toEqual({ workoutNotifications: true, analytics: false, marketing: false });
  });

  it('refuses signed-out callers, wrong types and unknown fields', async () => {
    expect((await t.app.inject('/api/user/settings')).statusCode).toBe(401);
    const a = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      headers: a.headers,
      payload: { analytics: 'yes' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/analytics/);
    const extra = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/settings',
      headers: a.headers,
      payload: { theme: 'dark' },
    });
    expect(extra.statusCode).toBe(400);
    const after = await t.app.inject({ url: '/api/user/settings', headers: a.headers });
    expect(after.json().analytics).toBe(false);
  });
});
