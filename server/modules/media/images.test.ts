import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../../shared/domain/images';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createProPactVia } from '../pacts/testing';
import { fakeGif, fakeJpeg, fakePng, fakeWebm, tusHeaders, uploadMediaVia } from './testing';

/**
 * Still images (docs/MEDIA.md "Images"): a team image and a profile photo go through the same tus upload as every
 * file, their bytes decide (JPEG, PNG, WebP; never animated; 5 MB at most), and once in use anyone signed in sees
 * them; a replaced one is deleted.
 */

let t: TestApp;
let coach: SignedIn;
let other: SignedIn;
let teamId: number;

beforeAll(async () => {
  t = await createTestApp({ DISABLE_RATE_LIMIT: true });
  coach = await signUp(t.app, { firstName: 'Casey' });
  other = await signUp(t.app, { firstName: 'Olly' });
  teamId = (await createProPactVia(t.app, coach, 'Squad')).teamId!;
});
afterAll(() => t?.close());

async function attempt(who: SignedIn, bytes: Buffer, kind: string, filetype: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(who, { 'upload-length': String(bytes.length) }, { kind, filetype }),
  });
  if (created.statusCode !== 201) return { status: created.statusCode, message: created.json().message };
  const patched = await t.app.inject({
    method: 'PATCH',
    url: String(created.headers.location),
    headers: tusHeaders(who, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    payload: bytes,
  });
  return {
    status: patched.statusCode,
    message: patched.statusCode >= 400 ? JSON.parse(patched.body).message : '',
  };
}

describe('image uploads', () => {
  it('takes JPEG, PNG and WebP by their bytes', async () => {
    expect((await attempt(coach, fakeJpeg(), 'team_image', 'image/jpeg')).status).toBe(204);
    expect((await attempt(coach, fakePng(), 'avatar', 'image/png')).status).toBe(204);
    const webp = Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), Buffer.alloc(200)]);
    expect((await attempt(coach, webp, 'avatar', 'image/webp')).status).toBe(204);
  });

  it('refuses what is not a still image, too large, or lying about its type, with clear words', async () => {
    expect(await attempt(coach, fakeGif(), 'team_image', 'image/gif')).toEqual({
      status: 415,
      message: IMAGE_MESSAGES.notImage,
    });
    expect(await attempt(coach, fakeWebm(), 'team_image', 'image/png')).toEqual({
      status: 415,
      message: IMAGE_MESSAGES.notImage,
    });
    expect(await attempt(coach, fakePng(IMAGE_MAX_BYTES + 1), 'avatar', 'image/png')).toEqual({
      status: 413,
      message: IMAGE_MESSAGES.tooLarge,
    });
    expect(await attempt(coach, fakePng(2048, { animated: true }), 'avatar', 'image/png')).toEqual({
      status: 422,
      message: IMAGE_MESSAGES.animated,
    });
  });
});

describe('a team image and accent', () => {
  it('the coach sets them; the team shows them; anyone signed in sees the image', async () => {
    const id = await uploadMediaVia(t.app, coach, fakePng(), { kind: 'team_image', filetype: 'image/png' });
    const res = await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, {
      imageMediaId: id,
      accentColor: 'violet',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imageUrl: `/media/${id}`, accentColor: 'violet' });
    const list = await call(t.app, other, 'GET', '/api/teams');
    expect(list.body.find((x: { id: number }) => x.id === teamId)).toMatchObject({
      imageUrl: `/media/${id}`,
      accentColor: 'violet',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: other.headers })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/media/${id}` })).statusCode).toBe(404);
    // Replaced: the old file goes.
    const next = await uploadMediaVia(t.app, coach, fakeJpeg(), {
      kind: 'team_image',
      filetype: 'image/jpeg',
    });
    expect((await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, { imageMediaId: next })).status).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: coach.headers })).statusCode,
    ).toBe(404);
  });

  it("refuses another person, another person's file, a video, and colours off the palette", async () => {
    const mine = await uploadMediaVia(t.app, other, fakePng(), { kind: 'team_image', filetype: 'image/png' });
    expect((await call(t.app, other, 'PATCH', `/api/teams/${teamId}`, { accentColor: 'red' })).status).toBe(
      404,
    );
    expect((await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, { imageMediaId: mine })).status).toBe(
      400,
    );
    const avatar = await uploadMediaVia(t.app, coach, fakePng(), { kind: 'avatar', filetype: 'image/png' });
    expect((await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, { imageMediaId: avatar })).status).toBe(
      400,
    );
    expect(
      (await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, { accentColor: '#ff0000' })).status,
    ).toBe(400);
    const page = await call(t.app, coach, 'GET', `/api/teams/${teamId}`);
    expect(page.body.accentColor).toBe('violet');
  });
});

describe('a profile photo', () => {
  it("is the person's own avatar upload, shown wherever they are", async () => {
    const id = await uploadMediaVia(t.app, other, fakeJpeg(), { kind: 'avatar', filetype: 'image/jpeg' });
    expect((await call(t.app, other, 'PATCH', '/api/user/profile', { imageMediaId: id })).status).toBe(200);
    const seen = await call(t.app, coach, 'GET', `/api/users/${other.user.id}`);
    expect(JSON.stringify(seen.body)).toContain(`/media/${id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: coach.headers })).statusCode,
    ).toBe(200);
    const theirs = await uploadMediaVia(t.app, coach, fakeJpeg(), { kind: 'avatar', filetype: 'image/jpeg' });
    expect((await call(t.app, other, 'PATCH', '/api/user/profile', { imageMediaId: theirs })).status).toBe(
      400,
    );
    expect((await call(t.app, other, 'PATCH', '/api/user/profile', { imageMediaId: null })).status).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${id}`, headers: other.headers })).statusCode,
    ).toBe(404);
  });
});
