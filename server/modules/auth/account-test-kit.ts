import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { linkIn, readOutbox } from '../../platform/email/testing';
import { runDueJobs } from '../../platform/jobs';
import type { TestApp } from '../../test/app';
import { ORIGIN, type SignedIn } from '../../test/factories';

/** The calls the account journeys (account.test.ts, devices.test.ts) make on their test app. */
export function accountCalls(app: () => TestApp) {
  const call = (
    method: string,
    url: string,
    who?: { headers: Record<string, string> } | null,
    payload?: object,
  ) =>
    app().app.inject({
      method: method as 'GET',
      url,
      headers: who ? who.headers : { origin: ORIGIN },
      ...(payload ? { payload } : {}),
    });
  /** The mails to `address` once the queued ones are sent (the outbox of the test app). */
  const mailsTo = async (address: string): Promise<ParsedMail[]> => {
    const t = app();
    await runDueJobs(t.app.ctx, { names: ['email.send'] });
    return (await readOutbox(path.join(t.config.dataDir, 'outbox'))).filter(
      (m) => m.to && 'text' in m.to && m.to.text === address,
    );
  };
  /** The token of the mail's link to `page`. */
  const tokenIn = (mail: ParsedMail | undefined, page: string) => {
    const link = mail ? linkIn(mail, new RegExp(`/${page}\\?token=[\\w.%-]+`)) : undefined;
    return link ? decodeURIComponent(link.split('token=')[1]!) : undefined;
  };
  return {
    call,
    mailsTo,
    tokenIn,
    signIn: (email: string, password: string) => call('POST', '/api/auth/email', null, { email, password }),
    me: (who: SignedIn) => call('GET', '/api/auth/user', who),
    withCookie: (cookie: string) => ({ headers: { cookie, origin: ORIGIN } }),
  };
}
