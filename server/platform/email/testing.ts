import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), which is where the mail really goes. */
  rcptTo: string[];
  parsed: ParsedMail;
}

/**
 * An SMTP server on a free loopback port for tests. `refuseNext(n)` makes the next n recipients fail with a
 * temporary error (451), as a server that is overloaded or greylisting does.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), parsed });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n: number) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The mails in an outbox folder, parsed, oldest first. */
export async function readOutbox(dir: string): Promise<ParsedMail[]> {
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))));
}

/** The first link in a mail's text that matches `pattern`. */
export function linkIn(mail: ParsedMail, pattern: RegExp): string | undefined {
  return mail.text?.match(pattern)?.[0];
}
