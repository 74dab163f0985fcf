import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/app';
import { configuredProviders } from './providers';

describe('provider configuration', () => {
  it('turns a provider on only with both its id and secret', () => {
    expect(configuredProviders(loadConfig({}))).toEqual({ google: false, apple: false, facebook: false });
    const config = loadConfig({ FACEBOOK_CLIENT_ID: 'fb-id', FACEBOOK_CLIENT_SECRET: 'fb-secret' });
    expect(configuredProviders(config)).toEqual({ google: false, apple: false, facebook: true });
    // Empty values, as an .env file often carries them, are "not set".
    expect(configuredProviders(loadConfig({ GOOGLE_CLIENT_ID: '', GOOGLE_CLIENT_SECRET: '' })).google).toBe(
      false,
    );
  });

  it('refuses to start with half a provider, or an issuer alone', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET: is required/);
    expect(() => loadConfig({ APPLE_CLIENT_SECRET: 'secret' })).toThrow(/APPLE_CLIENT_ID: is required/);
    expect(() => loadConfig({ FACEBOOK_ISSUER: 'https://id.example' })).toThrow(/FACEBOOK_ISSUER: needs/);
  });

  it('takes an https issuer (http only on this machine), without its trailing slash', () => {
    const base = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
    expect(() => loadConfig({ ...base, GOOGLE_ISSUER: 'http://id.example' })).toThrow(
      /GOOGLE_ISSUER: must be an https/,
    );
    expect(() => loadConfig({ ...base, GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
    expect(loadConfig({ ...base, GOOGLE_ISSUER: 'https://id.example/realm/' }).oauthProviders.google).toEqual(
      {
        clientId: 'id',
        clientSecret: 'secret',
        issuer: 'https://id.example/realm',
      },
    );
    expect(
      loadConfig({ ...base, GOOGLE_ISSUER: 'http://127.0.0.1:4000' }).oauthProviders.google?.issuer,
    ).toBe('http://127.0.0.1:4000');
  });

  it("trusts Apple's origin only when Apple signs in with its own endpoints (it posts its answer)", () => {
    const apple = { APPLE_CLIENT_ID: 'id', APPLE_CLIENT_SECRET: 'secret' };
    expect(loadConfig(apple).trustedOrigins).toContain('https://appleid.apple.com');
    expect(loadConfig({}).trustedOrigins).not.toContain('https://appleid.apple.com');
    expect(loadConfig({ ...apple, APPLE_ISSUER: 'https://id.example' }).trustedOrigins).not.toContain(
      'https://appleid.apple.com',
    );
  });
});

describe('providers on their own endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'google-id',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      APPLE_CLIENT_ID: 'apple-id',
      APPLE_CLIENT_SECRET: 'apple-secret',
    });
  });
  afterAll(() => t.close());

  it('reports what is configured', async () => {
    const res = await t.app.inject('/api/auth/providers');
    expect(res.json()).toEqual({ google: true, apple: true, facebook: false });
  });

  it('starts the authorization-code flow with PKCE and a state bound to this browser', async () => {
    const res = await t.app.inject('/api/auth/oauth/google');
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe('https://accounts.google.com');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('google-id');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/auth/callback/google');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(String(res.headers['set-cookie'])).toMatch(/sweatpact\.state=[^;]+;.*HttpOnly; SameSite=Lax/);

    const apple = new URL(String((await t.app.inject('/api/auth/oauth/apple')).headers.location));
    expect(apple.origin).toBe('https://appleid.apple.com');
    expect(apple.searchParams.get('response_mode')).toBe('form_post');
  });

  it('sends an unconfigured provider back to the sign-in screen, and refuses unknown ones', async () => {
    const res = await t.app.inject('/api/auth/oauth/facebook');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/register?auth_error=not_configured&provider=facebook');
    const callback = await t.app.inject('/api/auth/callback/facebook?code=x&state=y');
    expect(callback.headers.location).toBe('/register?auth_error=not_configured&provider=facebook');
    expect((await t.app.inject('/api/auth/oauth/twitter')).statusCode).toBe(400);
  });
});
