import { type Block, renderBlocks } from './layout';
import type { RenderedMail } from './templates';

function mail(subject: string, title: string, blocks: Block[]): RenderedMail {
  return { subject, ...renderBlocks(title, blocks) };
}

/** Every waitlist mail ends with the way off the list (docs/TEAMS.md "Pro Creator waitlist"). */
const leave = (link: string): Block[] => [
  { small: 'Do not want these emails? Leave the list with this link (no sign-in needed):' },
  { button: 'Leave the waitlist', href: link },
];

/** The Pro Creator waitlist's mails. Links carry a token; the job row keeps none. */
export const waitlistTemplates = {
  /** Join Waitlist: the address counts once this link is opened. */
  waitlistConfirm: (d: { link: string; leaveLink: string; hours: number }) =>
    mail('Confirm your place on the SweatPact Pro Creator waitlist', 'Confirm your waitlist place', [
      { p: 'Someone asked to put this address on the SweatPact Pro Creator waitlist.' },
      { p: 'Confirm it is yours, and we will email you once when Pro Creator launches.' },
      { button: 'Confirm my place', href: d.link },
      {
        small: `The link works once, for ${d.hours} hours. If you did not ask for this, ignore this email: an address that is not confirmed is never emailed again.`,
      },
      ...leave(d.leaveLink),
    ]),

  /** The admin's one launch announcement, to each confirmed entry once. */
  waitlistLaunched: (d: { appLink: string; leaveLink: string }) =>
    mail('Pro Creator is live on SweatPact', 'Pro Creator is live', [
      {
        p: 'You asked us to tell you when Pro Creator launches: it is live now. Open SweatPact to get started.',
      },
      { button: 'Open SweatPact', href: d.appLink },
      { small: 'This is the only launch email we send you.' },
      ...leave(d.leaveLink),
    ]),
} satisfies Record<string, (data: never) => RenderedMail>;
