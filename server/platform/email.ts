import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends an email. Without SMTP_URL (the default) each message is written to DATA_DIR/outbox as a .eml file and
 * logged, so a self-hosted instance and the tests can read what would have been sent.
 */
export async function sendMail(ctx: AppContext, mail: Mail): Promise<string> {
  const dir = path.join(ctx.config.dataDir, 'outbox');
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
  const eml = [
    `From: ${ctx.config.MAIL_FROM}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    mail.text,
  ].join('\r\n');
  await fs.writeFile(file, eml);
  return file;
}
