import { defineRoutes } from '../route';
import {
  confirmWaitlistBody,
  confirmWaitlistResponse,
  leaveWaitlistBody,
  leaveWaitlistResponse,
  waitlistAdminList,
  waitlistLaunchResponse,
} from '../waitlist';

const ADMIN_ONLY = 'Also for anyone who is not an admin: the route does not exist for them.';

/** The Pro Creator waitlist's mailed links and its admin screen (docs/TEAMS.md "Pro Creator waitlist"). */
export const waitlistRoutes = defineRoutes('waitlist', {
  confirm: {
    summary: "The mailed confirmation link (the app's page posts its token): the address starts to count",
    description: 'Works signed out, once per link, for 48 hours. A refused link changes nothing.',
    auth: 'none',
    body: confirmWaitlistBody,
    answers: { 200: confirmWaitlistResponse },
    errors: {
      404: 'The link is unknown (or its address left the list).',
      409: 'The link was already used: the address is confirmed.',
      410: 'The link expired; joining again mails a new one.',
    },
  },
  leave: {
    summary: 'The "leave the list" link of every waitlist mail (the page posts its token)',
    description: 'Works signed out; idempotent: a second use answers removed: false and changes nothing.',
    auth: 'none',
    body: leaveWaitlistBody,
    answers: { 200: leaveWaitlistResponse },
    errors: { 404: 'The link is not one we sent.' },
  },
  adminList: {
    summary: 'Confirmed waitlist entries with when they joined and confirmed (admins only)',
    auth: 'user',
    answers: { 200: waitlistAdminList },
    errors: { 404: ADMIN_ONLY },
  },
  adminCsv: {
    summary: 'The confirmed waitlist entries as a CSV file (admins only)',
    description:
      "text/csv: email, joined, confirmed at. A cell starting with =, +, -, @, tab or CR is prefixed with ' " +
      '(formula injection).',
    auth: 'user',
    errors: { 404: ADMIN_ONLY },
  },
  launchMail: {
    summary: 'Mail "Pro Creator is live" to every confirmed entry not mailed yet (admins only)',
    description:
      'Each entry is mailed once, ever: the send is recorded on the entry in the same transaction.',
    auth: 'user',
    answers: { 200: waitlistLaunchResponse },
    errors: { 404: ADMIN_ONLY },
  },
});
