import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { sendOk } from '../chat/testing';
import { friendCalls } from '../friends/testing';
import { mediaEnvFor } from '../media/env';
import { fakeJpeg, fakeWebm, uploadMediaVia } from '../media/testing';
import { call, createPactVia } from '../pacts/testing';
import { postProof } from '../proofs/testing';
import { EXPORT_RULES, ruleKey, USER_COLUMNS } from './export-rules';
import { unzip } from './testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const download = (who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url: '/api/user/export', headers: who ? who.headers : { origin: ORIGIN } });
const jsonOf = (entries: Map<string, Buffer>, name: string) =>
  JSON.parse(entries.get(name)!.toString('utf8'));

describe('Download my data', () => {
  it('has a rule for every column that references a user, and only for those', () => {
    const keys = USER_COLUMNS.map(ruleKey).sort();
    expect(Object.keys(EXPORT_RULES).sort()).toEqual(keys);
  });

  it("zips every record of the caller and their files, byte for byte, and nobody else's", async () => {
    const me = await signUp(t.app, { firstName: 'Exa' });
    const friend = await signUp(t.app, { firstName: 'Fay' });
    const friends = friendCalls(t.app);
    await friends.add(me, friend);
    await friends.add(friend, me);
    const pact = await createPactVia(t.app, me, { title: 'Export pact' });
    await call(t.app, friend, 'POST', `/api/challenges/${pact.id}/join`);
    await sendOk(t.app, me, pact.id, 'my words');
    await sendOk(t.app, friend, pact.id, 'their words');
    const proof = await postProof(t.app, me, pact.id);
    const video = fakeWebm(5000);
    const tutorial = await uploadMediaVia(t.app, me, video, { kind: 'tutorial', filetype: 'video/webm' });
    const thumb = await uploadMediaVia(t.app, me, fakeJpeg(3000), {
      kind: 'thumbnail',
      filetype: 'image/jpeg',
    });

    const res = await download(me);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sweatpact-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    const entries = await unzip(res.rawPayload);

    expect(jsonOf(entries, 'account.json')).toMatchObject({ id: me.user.id, first_name: 'Exa' });
    const messages = jsonOf(entries, 'chat-messages.json') as { body: string; user_id: string }[];
    expect(messages.map((m) => m.body)).toContain('my words');
    expect(messages.every((m) => m.user_id === me.user.id)).toBe(true);
    expect(JSON.stringify([...entries.values()].map(String))).not.toContain('their words');
    expect(jsonOf(entries, 'pacts-created.json')).toEqual([
      expect.objectContaining({ title: 'Export pact' }),
    ]);
    expect(jsonOf(entries, 'proofs.json')).toEqual([expect.objectContaining({ id: proof.proof!.id })]);
    expect(jsonOf(entries, 'friendships.json')).toHaveLength(2);
    // No secret leaves: no session token, no password hash.
    const sessions = jsonOf(entries, 'sessions.json') as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => !('token' in s))).toBe(true);
    expect(jsonOf(entries, 'sign-in-methods.json').every((a: object) => !('password' in a))).toBe(true);
    expect(res.rawPayload.includes(Buffer.from(me.headers.cookie.split('=')[1]!.split('.')[0]!))).toBe(false);

    // Files: each stored file of theirs, identical to what storage holds.
    const { storage } = mediaEnvFor(t.app.ctx);
    const stored = async (id: string) => Buffer.concat(await (await storage.get(id)).toArray());
    expect(entries.get(`media/tutorial-${tutorial}.webm`)).toEqual(await stored(tutorial));
    expect(entries.get(`media/tutorial-${tutorial}.webm`)).toEqual(video);
    expect(entries.get(`media/thumbnail-${thumb}.jpg`)).toEqual(await stored(thumb));
    expect([...entries.keys()].filter((n) => n.startsWith('media/'))).toHaveLength(3);
    expect(jsonOf(entries, 'README.json').files['media/']).toMatch(/3 stored/);

    // The friend's export has their own things only.
    const theirs = await unzip((await download(friend)).rawPayload);
    expect(jsonOf(theirs, 'account.json').id).toBe(friend.user.id);
    expect((jsonOf(theirs, 'chat-messages.json') as { body: string }[]).map((m) => m.body)).toEqual([
      'their words',
    ]);
    expect([...theirs.keys()].filter((n) => n.startsWith('media/'))).toEqual([]);
  });

  it("keeps a decline quiet: the requester's file has no declined_at, the one who declined has it", async () => {
    const asker = await signUp(t.app);
    const asked = await signUp(t.app);
    const friends = friendCalls(t.app);
    await friends.add(asker, asked);
    expect((await friends.answer(asked, asker, 'decline')).status).toBe(200);
    const requestsOf = async (who: SignedIn) =>
      jsonOf(await unzip((await download(who)).rawPayload), 'friend-requests.json') as Record<
        string,
        unknown
      >[];
    const mine = await requestsOf(asker);
    expect(mine).toEqual([
      expect.objectContaining({ requester_id: asker.user.id, addressee_id: asked.user.id }),
    ]);
    expect(mine[0]).not.toHaveProperty('declined_at');
    const theirs = await requestsOf(asked);
    expect(theirs).toEqual([expect.objectContaining({ requester_id: asker.user.id })]);
    expect(theirs[0]!.declined_at).toBeTruthy();
    // Withdrawn after the decline, it is gone from the requester's file as from their screen (a row left there
    // could only mean "declined"); the one who declined still has it.
    await friends.remove(asker, asked);
    expect(await requestsOf(asker)).toEqual([]);
    expect(await requestsOf(asked)).toHaveLength(1);
    expect((await requestsOf(asked))[0]).not.toHaveProperty('withdrawn_at');
  });

  it('refuses an anonymous caller, and a second export while one is still streaming', async () => {
    expect((await download(null)).statusCode).toBe(401);
    const me = await signUp(t.app);
    await uploadMediaVia(t.app, me, fakeWebm(4000), { kind: 'tutorial', filetype: 'video/webm' });
    const { exportUserData } = await import('./export');
    const first = await exportUserData(t.app.ctx, me.user.id);
    const again = await download(me);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already being downloaded/);
    // Once the first is read to its end, the next one may start.
    const bytes = Buffer.concat(await Readable.from(first.stream).toArray());
    expect(bytes.length).toBe(first.size);
    expect((await download(me)).statusCode).toBe(200);
  });
});
