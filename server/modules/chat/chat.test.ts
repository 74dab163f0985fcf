import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, MessagePage } from '../../../shared/api/chat';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';
import { storeMessage } from './service';
import { send, sendOk } from './testing';

let t: TestApp;
let owner: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
let publicId: number;
let privateId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t.app, { firstName: 'Olive' });
  member = await signUp(t.app, { firstName: 'Milo' });
  stranger = await signUp(t.app, { firstName: 'Stan' });
  publicId = (await createPactVia(t.app, owner, { title: 'Public chat' })).id;
  privateId = (await createPactVia(t.app, owner, { title: 'Private chat', visibility: 'private' })).id;
  expect((await call(t.app, member, 'POST', `/api/challenges/${publicId}/join`)).status).toBe(200);
});
afterAll(() => t?.close());

const page = async (who: SignedIn, pactId: number, qs = '') =>
  call(t.app, who, 'GET', `/api/challenges/${pactId}/messages${qs}`);

describe('reading and writing', () => {
  it('hides a private Pact chat from others (404) and lets a visitor read a public one but not write (403)', async () => {
    await sendOk(t.app, owner, privateId, 'only me here');
    expect((await page(stranger, privateId)).status).toBe(404);
    expect((await send(t.app, stranger, privateId, 'hi')).status).toBe(404);
    expect((await page(stranger, publicId)).status).toBe(200);
    const refused = await send(t.app, stranger, publicId, 'let me in');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Join this Pact to chat');
    expect(
      (await call(t.app, stranger, 'GET', `/api/challenges/${publicId}/messages`)).body.items,
    ).not.toContainEqual(expect.objectContaining({ message: 'let me in' }));
  });

  it('stores trimmed text verbatim (HTML too) and lists it newest first with its author', async () => {
    const html = '<img src=x onerror=alert(1)> <b>hi</b>';
    const first = await sendOk(t.app, member, publicId, `  ${html}  `);
    expect(first).toMatchObject({
      message: html,
      type: 'message',
      userId: member.user.id,
      videoUrl: null,
      proofStatus: null,
    });
    expect(first.user).toEqual({
      id: member.user.id,
      firstName: 'Milo',
      username: member.user.username,
      profileImageUrl: null,
    });
    const second = await sendOk(t.app, owner, publicId, 'second');
    const res = await page(member, publicId);
    const items = (res.body as MessagePage).items;
    expect(items[0]!.id).toBe(second.id);
    expect(items[1]).toMatchObject({ id: first.id, message: html });
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('refuses blank, oversize and unknown fields with 400', async () => {
    expect((await send(t.app, member, publicId, '   ')).status).toBe(400);
    expect((await send(t.app, member, publicId, 'x'.repeat(2001))).status).toBe(400);
    expect((await send(t.app, member, publicId, 'x'.repeat(2000))).status).toBe(201);
    const extra = await call(t.app, member, 'POST', `/api/challenges/${publicId}/chat`, {
      message: 'a',
      userId: owner.user.id,
    });
    expect(extra.status).toBe(400);
    expect(
      (
        await call(t.app, member, 'POST', `/api/challenges/${publicId}/chat`, {
          message: 'a',
          clientKey: 'nope',
        })
      ).status,
    ).toBe(400);
  });

  it('stores one message for a retried send with the same clientKey', async () => {
    const key = randomUUID();
    const a = await send(t.app, member, publicId, 'once please', key);
    const b = await send(t.app, member, publicId, 'once please', key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(200);
    expect(b.body.id).toBe(a.body.id);
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages where client_key = ${key}`,
    );
    expect(rows[0]!.n).toBe(1);
    // The key belongs to that message: reusing it in another Pact is refused.
    expect((await send(t.app, owner, privateId, 'x', randomUUID())).status).toBe(201);
    const other = await createPactVia(t.app, member, { title: 'Milo solo' });
    expect((await send(t.app, member, other.id, 'elsewhere', key)).status).toBe(409);
  });

  it('answers 401 without a session and 404 for an unknown Pact', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/challenges/${publicId}/messages` });
    expect(res.statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/challenges/${publicId}/chat`,
      headers: { origin: 'http://localhost:3000' },
      payload: { message: 'anonymous' },
    });
    expect(post.statusCode).toBe(401);
    expect((await page(member, 999_999)).status).toBe(404);
  });
});

describe('paging', () => {
  it('pages newest first by cursor and catches up with after', async () => {
    const pact = await createPactVia(t.app, owner, { title: 'Paging' });
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      ids.push(
        (
          await storeMessage(t.app.ctx, {
            pactId: pact.id,
            userId: owner.user.id,
            type: 'message',
            body: `m${i}`,
          })
        ).id,
      );
    }
    const first = (await page(owner, pact.id)).body as MessagePage;
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.message).toBe('m59');
    expect(first.nextBefore).toBe(ids[10]);
    const second = (await page(owner, pact.id, `?before=${first.nextBefore}`)).body as MessagePage;
    expect(second.items.map((m: ChatMessage) => m.message)).toEqual(
      Array.from({ length: 10 }, (_, i) => `m${9 - i}`),
    );
    expect(second.nextBefore).toBeNull();
    const after = (await page(owner, pact.id, `?after=${ids[4]}&limit=5`)).body as MessagePage;
    expect(after.items.map((m: ChatMessage) => m.message)).toEqual(['m9', 'm8', 'm7', 'm6', 'm5']);
    expect(after.nextAfter).toBe(ids[9]);
    expect((await page(owner, pact.id, `?before=1&after=2`)).status).toBe(400);
  });
});

describe('blocks', () => {
  it('hides the messages of a blocked pair from each other, both directions', async () => {
    const a = await signUp(t.app, { firstName: 'Ann' });
    const b = await signUp(t.app, { firstName: 'Ben' });
    const pact = await createPactVia(t.app, owner, { title: 'Block test' });
    for (const who of [a, b]) await call(t.app, who, 'POST', `/api/challenges/${pact.id}/join`);
    await sendOk(t.app, a, pact.id, 'from Ann');
    await sendOk(t.app, b, pact.id, 'from Ben');
    await t.database.db.execute(
      sql`insert into blocks (blocker_id, blocked_id) values (${a.user.id}, ${b.user.id})`,
    );
    const texts = async (who: SignedIn) =>
      ((await page(who, pact.id)).body as MessagePage).items.map((m) => m.message);
    expect(await texts(a)).toEqual(['from Ann']);
    expect(await texts(b)).toEqual(['from Ben']);
    expect(await texts(owner)).toEqual(['from Ben', 'from Ann']);
  });
});

describe('flood', () => {
  it('answers 429 after 20 sends in 10 seconds', async () => {
    const noisy = await signUp(t.app);
    await call(t.app, noisy, 'POST', `/api/challenges/${publicId}/join`);
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) statuses.push((await send(t.app, noisy, publicId, `spam ${i}`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
    // Another user is not affected.
    expect((await send(t.app, member, publicId, 'still fine')).status).toBe(201);
  });

  it('answers 429 after 30 live changes a minute, and 60 likes a minute, to that person only', async () => {
    const noisy = await signUp(t.app);
    await call(t.app, noisy, 'POST', `/api/challenges/${publicId}/join`);
    const live: number[] = [];
    for (let i = 0; i < 32; i++) {
      const state = i % 2 ? 'stopped' : 'started';
      live.push((await call(t.app, noisy, 'POST', `/api/challenges/${publicId}/live`, { state })).status);
    }
    expect(live.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(live.slice(30)).toEqual([429, 429]);
    const likes: number[] = [];
    for (let i = 0; i < 62; i++)
      likes.push((await call(t.app, noisy, 'POST', `/api/challenges/${publicId}/like`)).status);
    expect(likes.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(likes.slice(60)).toEqual([429, 429]);
    expect((await call(t.app, member, 'POST', `/api/challenges/${publicId}/like`)).status).toBe(200);
  });
});

describe('live', () => {
  it('posts "is working out live" once per session and refuses non-participants', async () => {
    const started = await call(t.app, member, 'POST', `/api/challenges/${publicId}/live`, {
      state: 'started',
    });
    expect(started.status).toBe(200);
    expect(started.body.message).toMatchObject({ type: 'live', message: 'Milo is working out live 🔴' });
    const again = await call(t.app, member, 'POST', `/api/challenges/${publicId}/live`, { state: 'started' });
    expect(again.body.message).toBeNull();
    expect(
      (await call(t.app, member, 'POST', `/api/challenges/${publicId}/live`, { state: 'stopped' })).body,
    ).toEqual({ ok: true, message: null });
    expect(
      (await call(t.app, stranger, 'POST', `/api/challenges/${publicId}/live`, { state: 'started' })).status,
    ).toBe(403);
    expect(
      (await call(t.app, stranger, 'POST', `/api/challenges/${privateId}/live`, { state: 'started' })).status,
    ).toBe(404);
  });
});
