import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { ORIGIN } from '../../test/factories';
import { findJob, runDueJobs } from '../jobs';
import { mailTemplates, outboxDir, queueMail, renderMail } from './index';
import { linkIn, readOutbox, startSmtpServer } from './testing';

const CONFIRM_LINK = /https?:\/\/\S+\/api\/data-deletion-request\/confirm\?token=[\w-]+/;

describe('mail templates', () => {
  const samples = {
    deletionConfirm: {
      link: 'https://sp.example/confirm?token=abc',
      dataTypes: ['chat'],
      fullAccount: false,
    },
    deletionScheduled: {
      runAfter: '2030-03-05T14:05:00.000Z',
      cancelLink: 'https://sp.example/cancel?token=xyz',
      dataTypes: ['chat', 'media'],
      fullAccount: false,
    },
    deletionCompleted: { dataTypes: [], fullAccount: true, completedAt: '2030-03-05T14:06:00.000Z' },
    verifyEmail: { link: 'https://sp.example/verify-email?token=abc' },
    confirmNewEmail: { link: 'https://sp.example/verify-email?token=abc' },
    emailChanged: { newEmail: 'new@example.com' },
    resetPassword: { link: 'https://sp.example/reset-password?token=abc' },
    passwordChanged: { how: 'reset' as const },
    waitlistConfirm: {
      link: 'https://sp.example/waitlist/confirm?token=abc',
      leaveLink: 'https://sp.example/waitlist/leave?token=1.x',
      hours: 48,
    },
    waitlistLaunched: {
      appLink: 'https://sp.example/teams',
      leaveLink: 'https://sp.example/waitlist/leave?token=1.x',
    },
  };

  it('gives every template a subject, a text part and an HTML part saying the same', () => {
    for (const name of Object.keys(mailTemplates) as (keyof typeof mailTemplates)[]) {
      const mail = renderMail(name, samples[name] as never);
      expect(mail.subject.length, name).toBeGreaterThan(10);
      expect(mail.text, name).toContain('SweatPact');
      expect(mail.html, name).toMatch(/^<!doctype html>/);
    }
  });

  it('puts the links in both parts, names the data and the date, and escapes what it is given', () => {
    const scheduled = renderMail('deletionScheduled', samples.deletionScheduled);
    expect(scheduled.text).toContain('Cancel deletion request:\nhttps://sp.example/cancel?token=xyz');
    expect(scheduled.html).toContain('href="https://sp.example/cancel?token=xyz"');
    expect(scheduled.html).toContain('>Cancel deletion request</a>');
    expect(scheduled.text).toContain(
      'your chat messages and uploaded media on Tuesday, 5 March 2030 at 14:05 UTC',
    );
    const completed = renderMail('deletionCompleted', samples.deletionCompleted);
    expect(completed.text).toContain('your whole SweatPact account');
    const hostile = renderMail('deletionConfirm', {
      link: 'https://x/"><script>alert(1)</script>',
      dataTypes: ['profile'],
      fullAccount: false,
    });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&lt;script&gt;');
  });
});

describe('sending mail', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let viaSmtp: TestApp;
  let viaOutbox: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    viaSmtp = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'SweatPact <no-reply@sp.test>' });
    viaOutbox = await createTestApp();
  });
  afterAll(async () => {
    await viaSmtp?.close();
    await viaOutbox?.close();
    await smtp?.close();
  });

  it('delivers the deletion confirmation over SMTP from a job: recipient, subject and a working link', async () => {
    const res = await viaSmtp.app.inject({
      method: 'POST',
      url: '/api/data-deletion-request',
      headers: { origin: ORIGIN },
      payload: { dataTypes: ['chat'], contactEmail: 'Someone@Example.com', fullAccountDeletion: false },
    });
    expect(res.statusCode).toBe(200);
    // Nothing is sent inside the request; the job sends it.
    expect(smtp.received).toHaveLength(0);
    expect(await runDueJobs(viaSmtp.app.ctx)).toMatchObject({ done: 1 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.rcptTo).toEqual(['someone@example.com']);
    expect(mail!.parsed.subject).toBe('Confirm your SweatPact data deletion request');
    expect(mail!.parsed.from?.text).toContain('no-reply@sp.test');
    const link = linkIn(mail!.parsed, CONFIRM_LINK);
    expect(link).toBeDefined();
    expect(mail!.parsed.html).toContain(`href="${link}"`);
    const confirmed = await viaSmtp.app.inject(link!.replace(/^https?:\/\/[^/]+/, ''));
    expect(confirmed.body).toMatch(/Request confirmed/);
    // Confirmed, the scheduled mail follows with the link that cancels it.
    expect(await runDueJobs(viaSmtp.app.ctx)).toMatchObject({ done: 1 });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]!.parsed.subject).toBe('Your SweatPact data deletion is scheduled');
    expect(
      linkIn(smtp.received[1]!.parsed, /\/api\/data-deletion-request\/cancel\?token=[\w-]+/),
    ).toBeDefined();
  });

  it('retries when the SMTP server refuses for now, then delivers once', async () => {
    const before = smtp.received.length;
    smtp.refuseNext(1);
    const id = await queueMail(viaSmtp.database.db, 'retry@example.com', 'deletionCompleted', {
      dataTypes: ['chat'],
      fullAccount: false,
      completedAt: new Date().toISOString(),
    });
    const now = new Date();
    expect(await runDueJobs(viaSmtp.app.ctx, { now })).toMatchObject({ retried: 1 });
    expect(smtp.received).toHaveLength(before);
    const waiting = await findJob(viaSmtp.database.db, id!);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toMatch(/451/);
    expect(await runDueJobs(viaSmtp.app.ctx, { now: new Date(now.getTime() + 10_000) })).toMatchObject({
      done: 1,
    });
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)!.rcptTo).toEqual(['retry@example.com']);
    expect(smtp.received.at(-1)!.parsed.subject).toBe('Your SweatPact data has been deleted');
    // Once sent, the job row keeps no address and no content.
    expect((await findJob(viaSmtp.database.db, id!))?.payload).toEqual({ template: 'deletionCompleted' });
  });

  it('writes to DATA_DIR/outbox without SMTP_URL: the same MIME mail, text and HTML', async () => {
    await queueMail(viaOutbox.database.db, 'reader@example.com', 'deletionScheduled', {
      runAfter: '2030-03-05T14:05:00.000Z',
      cancelLink: 'http://localhost:3000/cancel?token=t0k3n',
      dataTypes: ['profile'],
      fullAccount: true,
    });
    await runDueJobs(viaOutbox.app.ctx);
    const [mail] = await readOutbox(outboxDir(viaOutbox.config));
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('reader@example.com');
    expect(mail?.subject).toBe('Your SweatPact data deletion is scheduled');
    expect(mail?.text).toContain('Cancel deletion request:\nhttp://localhost:3000/cancel?token=t0k3n');
    expect(mail?.html).toContain('href="http://localhost:3000/cancel?token=t0k3n"');
  });
});
