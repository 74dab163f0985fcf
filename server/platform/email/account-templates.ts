import { type Block, renderBlocks } from './layout';
import type { RenderedMail } from './templates';

function mail(subject: string, title: string, blocks: Block[]): RenderedMail {
  return { subject, ...renderBlocks(title, blocks) };
}

const NOT_YOU =
  'If this was not you, choose a new password with "Forgot password?" on the sign-in screen: it signs every device out.';

/** The account's mails (docs/AUTH.md "Recovery and control"). Links carry a token; the job row keeps none. */
export const accountTemplates = {
  /** Sign-up, or "Resend" on the banner. */
  verifyEmail: (d: { link: string }) =>
    mail('Verify your SweatPact email address', 'Verify your email address', [
      {
        p: 'Welcome to SweatPact! Confirm that this address is yours, so you can always get back into your account.',
      },
      { button: 'Verify email address', href: d.link },
      { small: 'The link works once, for 24 hours. If you did not sign up, ignore this email.' },
    ]),

  /** A change of email: the link goes to the new address, which it proves. */
  confirmNewEmail: (d: { link: string }) =>
    mail('Confirm your new SweatPact email address', 'Confirm your new email address', [
      {
        p: 'Someone asked to use this address for their SweatPact account. Open the link to confirm it is yours.',
      },
      { button: 'Confirm new email', href: d.link },
      { small: 'The link works once, for 24 hours. If you did not ask for this, ignore this email.' },
    ]),

  /** The notice to the old address once a change went through. */
  emailChanged: (d: { newEmail: string }) =>
    mail('Your SweatPact email address was changed', 'Your email address was changed', [
      { p: `Your SweatPact account now uses ${d.newEmail}. We will write there from now on.` },
      { small: NOT_YOU },
    ]),

  /** "Forgot password?" */
  resetPassword: (d: { link: string }) =>
    mail('Choose a new SweatPact password', 'Choose a new password', [
      { p: 'Someone asked to reset the password of the SweatPact account that uses this address.' },
      { button: 'Choose a new password', href: d.link },
      {
        small:
          'The link works once, for 30 minutes. Choosing a new password signs out every device. If you did not ask, ignore this email: your password stays as it is.',
      },
    ]),

  /** After a reset or a change of password. */
  passwordChanged: (d: { how: 'reset' | 'changed' }) =>
    mail('Your SweatPact password was changed', 'Your password was changed', [
      {
        p:
          d.how === 'reset'
            ? 'Your password was reset with a link sent to this address, and every device was signed out.'
            : 'Your password was changed in Settings, and every other device was signed out.',
      },
      { small: NOT_YOU },
    ]),
} satisfies Record<string, (data: never) => RenderedMail>;
