import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

/** The outbox of the suite's shared server (its DATA_DIR is per port: e2e/support/web-server.mjs). */
export const sharedOutbox = () => path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? '3100'}/outbox`);

/** The mails a server wrote to the outbox folder `dir` for this address, oldest first. */
export async function outboxMails(dir: string, address: string) {
  if (!fs.existsSync(dir)) return [];
  const mails = await Promise.all(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))),
  );
  return mails.filter((m) => m.to && 'text' in m.to && m.to.text === address);
}

/** Waits for the mail with `subject` to `address` and answers the path and query of its deletion link. */
export async function mailedDeletionLink(
  dir: string,
  address: string,
  subject: string,
  kind: 'confirm' | 'cancel',
) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await outboxMails(dir, address);
        const mail = mails.filter((m) => m.subject === subject).at(-1);
        link = mail?.text?.match(
          new RegExp(`https?://[^\\s]+/api/data-deletion-request/${kind}\\?token=[\\w-]+`),
        )?.[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  const url = new URL(link as string);
  return url.pathname + url.search;
}

/** The outbox folder of the server this page talks to (the suite's servers and own apps keep one per port). */
export function outboxOf(page: { url(): string }): string {
  const port = new URL(page.url()).port;
  const shared = path.resolve(`.tmp/e2e-data-${port}/outbox`);
  const own = path.resolve(`.tmp/e2e-own-data-${port}/outbox`);
  return fs.existsSync(path.resolve(`.tmp/e2e-own-data-${port}`)) ? own : shared;
}

/** Waits for the newest mail with `subject` to `address` and answers the path and query of its link to `page`. */
export async function mailedLink(dir: string, address: string, subject: string, page: string) {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outboxMails(dir, address)).filter((m) => m.subject === subject).at(-1);
        link = mail?.text?.match(new RegExp(`https?://[^\\s]+/${page}\\?token=[\\w.%-]+`))?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  const url = new URL(link as string);
  return url.pathname + url.search;
}
