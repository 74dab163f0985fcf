import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletionRequests } from '../../db/schema';
import { linkIn, readOutbox } from '../../platform/email/testing';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUp } from '../../test/factories';

describe('data deletion requests', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-privacy-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const submit = (payload: unknown, headers: Record<string, string> = { origin: ORIGIN }) =>
    t.app.inject({ method: 'POST', url: '/api/data-deletion-request', headers, payload: payload as object });

  it('stores a signed-in request for the session user, whatever userId the body names', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await submit(
      {
        userId: b.user.id,
        dataTypes: ['chat', 'media'],
        reason: 'Moving on',
        contactEmail: a.user.email,
        fullAccountDeletion: false,
      },
      a.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('scheduled');
    const [row] = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, res.json().id));
    expect(row?.userId).toBe(a.user.id);
    expect(row?.dataTypes).toEqual(['chat', 'media']);
    // Runs after the 48-hour grace, well inside 30 days.
    const hours = (row!.runAfter!.getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(47);
    expect(hours).toBeLessThanOrEqual(48);
  });

  it("signed in, mails go to the account's own email, never to another address typed in the form", async () => {
    const a = await signUp(t.app);
    const stranger = `stranger-${Date.now()}@example.com`;
    const res = await submit(
      { dataTypes: ['chat'], reason: '', contactEmail: stranger, fullAccountDeletion: false },
      a.headers,
    );
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, res.json().id));
    expect(row?.contactEmail).toBe(a.user.email);
    await runDueJobs(t.app.ctx);
    const to = async (address: string) =>
      (await readOutbox(path.join(dataDir, 'outbox'))).filter(
        (m) => m.to && 'text' in m.to && m.to.text === address,
      );
    // (Besides the sign-up's verification link.)
    const deletionMails = (await to(a.user.email)).filter((m) => !m.subject?.startsWith('Verify your'));
    expect(deletionMails.map((m) => m.subject)).toEqual([expect.stringMatching(/scheduled/)]);
    expect(await to(stranger)).toEqual([]);
  });

  it('full account deletion covers every data type', async () => {
    const a = await signUp(t.app);
    const res = await submit(
      { dataTypes: ['profile'], contactEmail: a.user.email, fullAccountDeletion: true },
      a.headers,
    );
    const [row] = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, res.json().id));
    expect(row?.dataTypes.sort()).toEqual(['chat', 'media', 'profile', 'social', 'workouts']);
  });

  it('validates: no type, unknown type, bad email, over-long reason, extra field; nothing stored', async () => {
    const before = (await t.database.db.select().from(deletionRequests)).length;
    const good = { dataTypes: ['chat'], contactEmail: 'x@example.com', fullAccountDeletion: false };
    const cases = [
      [{ ...good, dataTypes: [] }, /dataTypes/],
      [{ ...good, dataTypes: ['everything'] }, /dataTypes/],
      [{ ...good, contactEmail: 'nope' }, /contactEmail/],
      [{ ...good, reason: 'x'.repeat(2001) }, /reason/],
      [{ ...good, fullAccountDeletion: 'yes' }, /fullAccountDeletion/],
      [{ ...good, extra: 1 }, /extra/],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(field);
    }
    expect((await t.database.db.select().from(deletionRequests)).length).toBe(before);
  });

  it('signed out: waits for the emailed confirmation link, which schedules it once', async () => {
    const res = await submit({
      dataTypes: ['profile'],
      contactEmail: 'gone@example.com',
      fullAccountDeletion: false,
    });
    expect(res.json().status).toBe('awaiting_confirmation');
    await runDueJobs(t.app.ctx);
    const mail = (await readOutbox(path.join(dataDir, 'outbox'))).find(
      (m) => m.to && 'text' in m.to && m.to.text === 'gone@example.com',
    );
    expect(mail).toBeDefined();
    const link = linkIn(mail!, /\/api\/data-deletion-request\/confirm\?token=[\w-]+/)!;
    const confirm = await t.app.inject(link);
    expect(confirm.body).toMatch(/Request confirmed/);
    const [row] = await t.database.db
      .select()
      .from(deletionRequests)
      .where(eq(deletionRequests.id, res.json().id));
    expect(row?.status).toBe('scheduled');
    expect((await t.app.inject(link)).body).toMatch(/not valid/);
  });
});
