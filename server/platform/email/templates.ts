import { accountTemplates } from './account-templates';
import { type Block, renderBlocks } from './layout';
import { waitlistTemplates } from './waitlist-templates';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const DATA_TYPE_LABELS: Record<string, string> = {
  profile: 'profile information',
  workouts: 'workout history',
  social: 'social data',
  chat: 'chat messages',
  media: 'uploaded media',
};

function whatGoes(dataTypes: string[], fullAccount: boolean): string {
  if (fullAccount) return 'your whole SweatPact account and all of its data';
  const labels = dataTypes.map((t) => DATA_TYPE_LABELS[t] ?? t);
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}` : labels[0];
  return `your ${list}`;
}

/** "Tuesday, 3 March 2026 at 14:05 UTC": the mail cannot know the reader's time zone. */
function when(iso: string): string {
  const d = new Date(iso);
  const date = d.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return `${date} at ${time} UTC`;
}

function mail(subject: string, title: string, blocks: Block[]): RenderedMail {
  return { subject, ...renderBlocks(title, blocks) };
}

/**
 * Every mail SweatPact sends, each giving its subject, text and HTML from one list of blocks. The data is
 * plain JSON, because mails are sent from jobs whose payload is stored.
 */
export const mailTemplates = {
  /** Signed out, a deletion request waits for this link. */
  deletionConfirm: (d: { link: string; dataTypes: string[]; fullAccount: boolean }) =>
    mail('Confirm your SweatPact data deletion request', 'Confirm your data deletion request', [
      {
        p: `We received a request to delete ${whatGoes(d.dataTypes, d.fullAccount)} for this email address.`,
      },
      {
        p: 'Nothing happens until you confirm. After you confirm, the deletion runs 48 hours later and can be cancelled until then.',
      },
      { button: 'Confirm deletion request', href: d.link },
      { small: 'If you did not ask for this, ignore this email and nothing will be deleted.' },
    ]),

  /** A confirmed (or signed-in) request, with the way back out. */
  deletionScheduled: (d: {
    runAfter: string;
    cancelLink: string;
    dataTypes: string[];
    fullAccount: boolean;
  }) =>
    mail('Your SweatPact data deletion is scheduled', 'Your data deletion is scheduled', [
      { p: `We will delete ${whatGoes(d.dataTypes, d.fullAccount)} on ${when(d.runAfter)}.` },
      { p: 'Changed your mind? Cancel before then and nothing will be deleted.' },
      { button: 'Cancel deletion request', href: d.cancelLink },
      { small: 'You can also cancel from Settings > Delete My Data while signed in.' },
    ]),

  /** Sent once the erasure ran. */
  deletionCompleted: (d: { dataTypes: string[]; fullAccount: boolean; completedAt: string }) =>
    mail('Your SweatPact data has been deleted', 'Your data has been deleted', [
      { p: `As you asked, we deleted ${whatGoes(d.dataTypes, d.fullAccount)} on ${when(d.completedAt)}.` },
      d.fullAccount
        ? { p: 'Your account no longer exists. You are welcome back any time with a new account.' }
        : { p: 'Everything else in your account is as it was.' },
      { small: 'This is the last email about this request.' },
    ]),

  ...accountTemplates,
  ...waitlistTemplates,
} satisfies Record<string, (data: never) => RenderedMail>;

export type MailTemplateName = keyof typeof mailTemplates;
export type MailTemplateData<N extends MailTemplateName> = Parameters<(typeof mailTemplates)[N]>[0];

export function renderMail<N extends MailTemplateName>(name: N, data: MailTemplateData<N>): RenderedMail {
  const render = mailTemplates[name] as (d: MailTemplateData<N>) => RenderedMail;
  return render(data);
}
