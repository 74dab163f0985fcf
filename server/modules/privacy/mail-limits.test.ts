import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletionRequests, jobs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN, signUp } from '../../test/factories';
import { DELETION_REQUEST_LIMITS } from './limits';

/** Probe hole 9: deletion-confirmation mails must not flood a stranger's inbox. */
describe('deletion confirmation mail limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const ask = (
    contactEmail: string,
    remoteAddress: string,
    headers: Record<string, string> = { origin: ORIGIN },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers,
      remoteAddress,
      payload: { dataTypes: ['chat'], contactEmail, fullAccountDeletion: false },
    });
  const mailsTo = async (to: string, template?: string) =>
    (await t.database.db.select().from(jobs).where(eq(jobs.name, 'email.send'))).filter((j) => {
      const payload = j.payload as { to?: string; template?: string };
      return payload.to?.toLowerCase() === to && (template === undefined || payload.template === template);
    }).length;

  it('sends one confirmation per mailbox an hour; a second request sends nothing and says so', async () => {
    const first = await ask('victim@example.com', '10.0.0.1');
    expect(first.statusCode).toBe(200);
    expect(await mailsTo('victim@example.com')).toBe(1);
    const rows = async () => (await t.database.db.select().from(deletionRequests)).length;
    const before = await rows();
    // Other spellings of the same inbox, from other addresses too.
    for (const [email, ip] of [
      ['victim@example.com', '10.0.0.1'],
      ['Victim+1@Example.com', '10.0.0.2'],
      ['victim+spam@example.com', '10.0.0.3'],
    ] as const) {
      const again = await ask(email, ip);
      expect(again.statusCode, email).toBe(429);
      expect(again.json()).toMatchObject({ error: 'confirmation_pending' });
      expect(again.json().message).toMatch(
        /already sent to this address less than an hour ago, so no new one was sent/,
      );
    }
    expect(await rows()).toBe(before);
    expect(await mailsTo('victim+1@example.com')).toBe(0);
    expect(await mailsTo('victim@example.com')).toBe(1);
    // An hour later the mailbox may get a new one.
    await t.database.db
      .update(deletionRequests)
      .set({ createdAt: new Date(Date.now() - DELETION_REQUEST_LIMITS.mailboxQuietMs - 1000) })
      .where(eq(deletionRequests.mailbox, 'victim@example.com'));
    expect((await ask('victim+2@example.com', '10.0.0.4')).statusCode).toBe(200);
  });

  it('treats Gmail addresses with dots as one mailbox', async () => {
    expect((await ask('jane.doe@gmail.com', '10.0.1.1')).statusCode).toBe(200);
    expect((await ask('janedoe+x@googlemail.com', '10.0.1.2')).statusCode).toBe(429);
  });

  it('limits one address to 10 requests an hour across all emails', async () => {
    const codes: number[] = [];
    for (let i = 0; i < DELETION_REQUEST_LIMITS.perAddress + 1; i++) {
      codes.push((await ask(`stranger${i}@example.com`, '10.0.2.1')).statusCode);
    }
    expect(codes.slice(0, DELETION_REQUEST_LIMITS.perAddress).every((c) => c === 200)).toBe(true);
    const refused = await ask('one-more@example.com', '10.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many deletion requests from your network/);
    expect(await mailsTo('one-more@example.com')).toBe(0);
    // Another address is not affected.
    expect((await ask('one-more@example.com', '10.0.2.2')).statusCode).toBe(200);
  });

  it('sends a signed-in request no confirmation (only its cancel link), nor holds it to the mailbox rule', async () => {
    const a = await signUp(t.app);
    expect((await ask(a.user.email, '10.0.3.1')).statusCode).toBe(200);
    expect((await ask(a.user.email, '10.0.3.1', a.headers)).statusCode).toBe(200);
    expect(await mailsTo(a.user.email, 'deletionConfirm')).toBe(1);
    expect(await mailsTo(a.user.email, 'deletionScheduled')).toBe(1);
  });
});
