import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationReport } from '../../../shared/api/safety';
import { pacts, reports, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createPactVia } from '../pacts/testing';

let t: TestApp;
let admin: SignedIn;
let ann: SignedIn;
let bo: SignedIn;
let cy: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [admin, ann, bo, cy] = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
});
afterAll(() => t.close());

const queue = async () => {
  const res = await call(t.app, admin, 'GET', '/api/admin/reports');
  expect(res.status).toBe(200);
  return res.body.items as ModerationReport[];
};
const statusOf = async (id: number) =>
  (await t.database.db.select({ s: reports.status }).from(reports).where(eq(reports.id, id)))[0]?.s;

describe('moderation queue', () => {
  it('answers 404 to everyone but admins, on every admin route', async () => {
    expect(await call(t.app, ann, 'GET', '/api/admin/reports')).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'Not found' },
    });
    await call(t.app, ann, 'POST', `/api/users/${bo.user.id}/report`, { reason: 'Abusive messages' });
    const [report] = await queue();
    const res = await call(t.app, bo, 'POST', `/api/admin/reports/${report!.id}/resolve`, { action: 'ban' });
    expect(res.status).toBe(404);
    expect(await statusOf(report!.id)).toBe('open');
    expect((await t.app.inject({ url: '/api/admin/reports' })).statusCode).toBe(401);
  });

  it('lists open Pact and user reports with their targets, oldest first', async () => {
    const pact = await createPactVia(t.app, cy, { title: 'Dodgy Pact' });
    await call(t.app, ann, 'POST', `/api/challenges/${pact.id}/report`, { reason: 'Misleading title' });
    await call(t.app, bo, 'POST', `/api/challenges/${pact.id}/report`, { reason: 'Scam' });
    const items = await queue();
    expect(items.map((r) => r.kind)).toEqual(['user', 'pact', 'pact']);
    expect(items[0]).toMatchObject({
      reason: 'Abusive messages',
      reporter: { id: ann.user.id },
      pact: null,
      user: { id: bo.user.id, bannedAt: null },
      reportCount: 1,
    });
    expect(items[1]).toMatchObject({
      reason: 'Misleading title',
      user: null,
      pact: { id: pact.id, title: 'Dodgy Pact', isHidden: false, creator: { id: cy.user.id } },
      reportCount: 2,
    });
  });

  it('hide hides the reported Pact and closes its reports; hide on a user report is 400', async () => {
    const items = await queue();
    const userReport = items.find((r) => r.kind === 'user')!;
    const bad = await call(t.app, admin, 'POST', `/api/admin/reports/${userReport.id}/resolve`, {
      action: 'hide',
    });
    expect(bad.status).toBe(400);
    const pactReport = items.find((r) => r.kind === 'pact')!;
    const res = await call(t.app, admin, 'POST', `/api/admin/reports/${pactReport.id}/resolve`, {
      action: 'hide',
    });
    expect(res.body).toEqual({ ok: true, status: 'actioned', closed: 2 });
    const [row] = await t.database.db.select().from(pacts).where(eq(pacts.id, pactReport.pact!.id));
    expect(row!.isHidden).toBe(true);
    // Hidden: gone for people outside it, kept for its creator.
    expect((await call(t.app, ann, 'GET', `/api/challenges/${row!.id}`)).status).toBe(404);
    expect((await call(t.app, cy, 'GET', `/api/challenges/${row!.id}`)).status).toBe(200);
    const again = await call(t.app, admin, 'POST', `/api/admin/reports/${pactReport.id}/resolve`, {
      action: 'dismiss',
    });
    expect(again.status).toBe(409);
    expect((await queue()).map((r) => r.id)).toEqual([userReport.id]);
  });

  it('ban bans the reported user and ends their sessions', async () => {
    const [report] = await queue();
    expect((await call(t.app, bo, 'GET', '/api/auth/user')).status).toBe(200);
    const res = await call(t.app, admin, 'POST', `/api/admin/reports/${report!.id}/resolve`, {
      action: 'ban',
    });
    expect(res.body).toEqual({ ok: true, status: 'actioned', closed: 1 });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, bo.user.id));
    expect(row!.bannedAt).not.toBeNull();
    expect((await call(t.app, bo, 'GET', '/api/auth/user')).status).toBe(401);
    expect((await call(t.app, ann, 'GET', `/api/users/${bo.user.id}`)).status).toBe(404);
    expect(await queue()).toEqual([]);
  });

  it('dismiss closes only that report; unknown ids are 404; admins cannot be banned', async () => {
    await call(t.app, cy, 'POST', `/api/users/${ann.user.id}/report`, { reason: 'Annoying' });
    await call(t.app, ann, 'POST', `/api/users/${admin.user.id}/report`, { reason: 'Power trip' });
    const [first, second] = await queue();
    const res = await call(t.app, admin, 'POST', `/api/admin/reports/${first!.id}/resolve`, {
      action: 'dismiss',
    });
    expect(res.body).toEqual({ ok: true, status: 'dismissed', closed: 1 });
    const [annRow] = await t.database.db.select().from(users).where(eq(users.id, ann.user.id));
    expect(annRow!.bannedAt).toBeNull();
    const adminBan = await call(t.app, admin, 'POST', `/api/admin/reports/${second!.id}/resolve`, {
      action: 'ban',
    });
    expect(adminBan.status).toBe(400);
    expect(
      (await call(t.app, admin, 'POST', '/api/admin/reports/999999/resolve', { action: 'ban' })).status,
    ).toBe(404);
    expect(
      (await call(t.app, admin, 'POST', `/api/admin/reports/${second!.id}/resolve`, { action: 'nuke' }))
        .status,
    ).toBe(400);
  });
});
