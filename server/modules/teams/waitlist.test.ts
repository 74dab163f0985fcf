import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, waitlistEntries } from '../../db/schema';
import { linkIn, readOutbox } from '../../platform/email/testing';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, type SignedIn, signUp } from '../../test/factories';
import { call } from '../pacts/testing';
import { unzip } from '../privacy/testing';

/**
 * The Pro Creator waitlist (docs/TEAMS.md "Pro Creator waitlist"): joining mails a confirmation link that works
 * once and expires; only confirmed addresses count; every mail can take its address off the list; admins list,
 * export and announce once; export and erasure include it. Refused links change nothing.
 */

let t: TestApp;
let admin: SignedIn;
let ann: SignedIn;
let bo: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, ann, bo] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
});
afterAll(() => t?.close());

const anonymous = (method: 'POST' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { origin: ORIGIN }, ...(payload ? { payload } : {}) });
const mailsTo = async (address: string): Promise<ParsedMail[]> => {
  await runDueJobs(t.app.ctx, { names: ['email.send'] });
  return (await readOutbox(path.join(t.config.dataDir, 'outbox'))).filter(
    (m) => m.to && 'text' in m.to && m.to.text === address,
  );
};
const tokenIn = (mail: ParsedMail | undefined, page: 'confirm' | 'leave') => {
  const link = mail ? linkIn(mail, new RegExp(`/waitlist/${page}\\?token=[\\w.-]+`)) : undefined;
  return link ? link.split('token=')[1]! : undefined;
};
const join = (who: SignedIn, email: string) =>
  call(t.app, who, 'POST', '/api/waitlist/pro-creator', { email });
const status = async (who: SignedIn) => (await call(t.app, who, 'GET', '/api/waitlist/pro-creator')).body;
const confirm = (token: string) => anonymous('POST', '/api/waitlist/pro-creator/confirm', { token });
const leave = (token: string) => anonymous('POST', '/api/waitlist/pro-creator/leave', { token });
const rows = () => t.database.db.select().from(waitlistEntries).orderBy(waitlistEntries.id);

describe('joining and confirming', () => {
  it('mails a link that confirms once; only confirmed addresses count', async () => {
    expect(await status(ann)).toEqual({ joined: false, confirmed: false, count: 0 });
    const joined = await join(ann, 'Ann.Lee+pro@Gmail.com');
    expect(joined.body).toEqual({ joined: true, confirmed: false, count: 0 });
    const [mail, ...more] = await mailsTo('ann.lee+pro@gmail.com');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Confirm your place on the SweatPact Pro Creator waitlist');
    expect(mail!.text).toContain('The link works once, for 48 hours.');
    const token = tokenIn(mail, 'confirm')!;
    expect(tokenIn(mail, 'leave')).toBeDefined();
    expect(mail!.html).toContain(`/waitlist/confirm?token=${token}"`);
    // The token is stored hashed, never as mailed.
    const [row] = await rows();
    expect(row).toMatchObject({
      email: 'annlee@gmail.com',
      address: 'ann.lee+pro@gmail.com',
      confirmedAt: null,
    });
    expect(row!.confirmTokenHash).not.toContain(token);
    expect(row!.confirmExpiresAt!.getTime() - row!.createdAt.getTime()).toBeGreaterThan(47.9 * 3600_000);

    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'ann.lee+pro@gmail.com', count: 1 });
    expect(await status(ann)).toEqual({ joined: true, confirmed: true, count: 1 });
    // Used: refused, nothing changed.
    const confirmedAt = (await rows())[0]!.confirmedAt;
    const again = await confirm(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already used/);
    expect((await rows())[0]!.confirmedAt).toEqual(confirmedAt);
    // Joining a confirmed mailbox again (any spelling) sends nothing and changes nothing.
    expect((await join(bo, 'annlee@gmail.com')).body).toEqual({ joined: true, confirmed: true, count: 1 });
    expect(await mailsTo('annlee@gmail.com')).toHaveLength(0);
    expect(await rows()).toHaveLength(1);
  });

  it('refuses an expired link and an unknown one; joining again mails a new link and the old one dies', async () => {
    await join(bo, 'bo@example.com');
    const first = tokenIn((await mailsTo('bo@example.com'))[0], 'confirm')!;
    await t.database.db
      .update(waitlistEntries)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(waitlistEntries.email, 'bo@example.com'));
    const expired = await confirm(first);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);
    expect((await status(bo)).count).toBe(1);
    expect((await confirm('x'.repeat(43))).statusCode).toBe(404);
    expect((await confirm('short')).statusCode).toBe(400);

    await join(bo, 'bo@example.com');
    const mails = await mailsTo('bo@example.com');
    expect(mails).toHaveLength(2);
    const second = tokenIn(mails[1], 'confirm')!;
    expect((await confirm(first)).statusCode).toBe(404);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await status(bo)).count).toBe(2);
    expect((await rows()).filter((r) => r.confirmedAt === null)).toHaveLength(0);
  });

  it('keeps the rate limit and the verified-address rule', async () => {
    const unverified = await signUp(t.app, { verified: false });
    expect((await join(unverified, 'x@example.com')).status).toBe(403);
    expect((await join(ann, 'not an email')).status).toBe(400);
  });
});

describe('leaving', () => {
  it('works signed out from any waitlist mail, once; a forged link is refused', async () => {
    const carl = await signUp(t.app);
    await join(carl, 'carl@example.com');
    const mail = (await mailsTo('carl@example.com'))[0];
    const token = tokenIn(mail, 'leave')!;
    const [id] = token.split('.');
    const before = (await rows()).length;
    const forged = await leave(`${id}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(404);
    const otherId = await leave(`${Number(id) - 1}.${token.split('.')[1]}`);
    expect(otherId.statusCode).toBe(404);
    expect(await rows()).toHaveLength(before);

    expect((await leave(token)).json()).toEqual({ removed: true });
    expect((await leave(token)).json()).toEqual({ removed: false });
    expect(await rows()).toHaveLength(before - 1);
    expect((await confirm(tokenIn(mail, 'confirm')!)).statusCode).toBe(404);
    expect(await status(carl)).toMatchObject({ joined: false, confirmed: false });
  });
});

describe('the admin screen', () => {
  it('lists confirmed entries to admins only, and exports them with formula cells escaped', async () => {
    for (const who of [ann, bo]) {
      expect((await call(t.app, who, 'GET', '/api/admin/waitlist')).status).toBe(404);
      expect((await call(t.app, who, 'GET', '/api/admin/waitlist.csv')).status).toBe(404);
    }
    expect((await anonymous('GET', '/api/admin/waitlist')).statusCode).toBe(401);
    const evil = await signUp(t.app);
    await join(evil, '-2+3@example.com');
    await confirm(tokenIn((await mailsTo('-2+3@example.com'))[0], 'confirm')!);
    await join(evil, 'pending@example.com');

    const list = await call(t.app, admin, 'GET', '/api/admin/waitlist');
    expect(list.status).toBe(200);
    expect(list.body.entries.map((e: { email: string }) => e.email)).toEqual([
      'ann.lee+pro@gmail.com',
      'bo@example.com',
      '-2+3@example.com',
    ]);
    expect(list.body.unconfirmed).toBe(1);
    expect(list.body.entries[0]).toMatchObject({
      joinedAt: expect.any(String),
      confirmedAt: expect.any(String),
    });

    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/waitlist.csv', headers: admin.headers });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="sweatpact-pro-creator-waitlist.csv"',
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Email,Joined,Confirmed at');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^'-2\+3@example\.com,\d{4}-/);
    expect(csv.body).not.toContain('pending@example.com');
  });

  it('mails "Pro Creator is live" to each confirmed entry once, with the leave link', async () => {
    expect((await call(t.app, ann, 'POST', '/api/admin/waitlist/launch-mail')).status).toBe(404);
    expect((await rows()).every((r) => r.launchMailedAt === null)).toBe(true);
    const [a, b] = await Promise.all([
      call(t.app, admin, 'POST', '/api/admin/waitlist/launch-mail'),
      call(t.app, admin, 'POST', '/api/admin/waitlist/launch-mail'),
    ]);
    expect(a.body.mailed + b.body.mailed).toBe(3);
    expect((await call(t.app, admin, 'POST', '/api/admin/waitlist/launch-mail')).body).toEqual({ mailed: 0 });
    const launched = (await mailsTo('bo@example.com')).filter(
      (m) => m.subject === 'Pro Creator is live on SweatPact',
    );
    expect(launched).toHaveLength(1);
    expect(await mailsTo('pending@example.com').then((ms) => ms.map((m) => m.subject))).not.toContain(
      'Pro Creator is live on SweatPact',
    );
    const leaveToken = tokenIn(launched[0], 'leave')!;
    expect((await leave(leaveToken)).json()).toEqual({ removed: true });
    const list = await call(t.app, admin, 'GET', '/api/admin/waitlist');
    expect(list.body.entries.map((e: { email: string }) => e.email)).not.toContain('bo@example.com');
    expect(list.body.entries.every((e: { launchMailedAt: string | null }) => e.launchMailedAt)).toBe(true);
  });
});

describe('privacy', () => {
  it('exports the entries without the link secret, and erasure removes them', async () => {
    const dee = await signUp(t.app);
    await join(dee, 'dee-list@example.com');
    await confirm(tokenIn((await mailsTo('dee-list@example.com'))[0], 'confirm')!);
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: dee.headers });
    const entries = await unzip(res.rawPayload);
    const exported = JSON.parse(entries.get('waitlist.json')!.toString('utf8'));
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ address: 'dee-list@example.com', confirmed_at: expect.any(String) });
    expect(exported[0]).not.toHaveProperty('confirm_token_hash');

    const { eraseInTransaction } = await import('../privacy/erasure');
    await t.database.db.transaction((tx) =>
      eraseInTransaction(tx, { id: dee.user.id, email: dee.user.email }, [], true),
    );
    expect((await rows()).some((r) => r.address === 'dee-list@example.com')).toBe(false);
    expect((await call(t.app, admin, 'GET', '/api/waitlist/pro-creator')).body.count).toBe(2);
  });
});
