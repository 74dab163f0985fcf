import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { AppContext } from '../../context';
import { type DbOrTx, defineJob, type EnqueueOptions } from '../jobs';
import { onFirstUse } from '../optional-package';
import { type MailTemplateData, type MailTemplateName, type RenderedMail, renderMail } from './templates';

const nodemailer = onFirstUse<typeof import('nodemailer')>('nodemailer');

export { escapeHtml } from './layout';
export { type MailTemplateName, mailTemplates, type RenderedMail, renderMail } from './templates';

export interface Mail extends RenderedMail {
  to: string;
}

export interface SentMail {
  /** Where it went: 'smtp', or 'outbox' with the file written. */
  via: 'smtp' | 'outbox';
  messageId: string;
  file?: string;
}

/** The folder of mails written instead of sent: `DATA_DIR/outbox`. */
export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

const transports = new WeakMap<AppContext, Transporter>();

/**
 * SMTP through nodemailer when SMTP_URL is set (smtp://user:pass@host:587, smtps://... for TLS from the start);
 * otherwise nodemailer builds the same MIME message and it is written to DATA_DIR/outbox as a .eml file, so a
 * self-hosted instance and the tests can read what would have been sent.
 */
function transportFor(ctx: AppContext): Transporter {
  let transport = transports.get(ctx);
  if (!transport) {
    transport = ctx.config.SMTP_URL
      ? nodemailer().createTransport(ctx.config.SMTP_URL)
      : nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    transports.set(ctx, transport);
  }
  return transport;
}

/** Sends one mail now; throws when the SMTP server refuses or cannot be reached (the mail job retries). */
export async function sendMail(ctx: AppContext, mail: Mail, log?: { info(o: object, m: string): void }) {
  const info = await transportFor(ctx).sendMail({
    from: ctx.config.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
  });
  if (ctx.config.SMTP_URL) {
    log?.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'email sent');
    return { via: 'smtp', messageId: info.messageId } satisfies SentMail;
  }
  const dir = outboxDir(ctx.config);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
  await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
  // The log line is how an operator without SMTP finds a mail (e.g. a confirmation link) to pass on.
  (log ?? console).info(
    { to: mail.to, subject: mail.subject, file },
    'email written to outbox (no SMTP_URL)',
  );
  return { via: 'outbox', messageId: info.messageId, file } satisfies SentMail;
}

interface MailJobPayload {
  to: string;
  template: MailTemplateName;
  data: unknown;
}

/**
 * Mails go out from a job, so a request never waits on SMTP and a refused or unreachable server is retried
 * (10 s, 20 s, 40 s ... up to an hour between tries, 12 tries in all). Rendering happens at send time; once sent,
 * only the template name stays in the job row (no address, no link with a token).
 */
export const sendMailJob = defineJob<MailJobPayload>({
  name: 'email.send',
  maxAttempts: 12,
  handler: async (ctx, { to, template, data }, { log }) => {
    const rendered = renderMail(template, data as never);
    await sendMail(ctx, { to, ...rendered }, log);
  },
  scrub: ({ template }) => ({ template }),
});

/** Queues a templated mail; inside the caller's transaction when given one, so it is sent only if that commits. */
export function queueMail<N extends MailTemplateName>(
  db: DbOrTx,
  to: string,
  template: N,
  data: MailTemplateData<N>,
  opts?: EnqueueOptions,
) {
  return sendMailJob.enqueue(db, { to, template, data }, opts);
}
export { normalizeMailbox } from './normalize';
