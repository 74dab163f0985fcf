import type { ReactNode } from 'react';
import { SUPPORT_HANDLE, SUPPORT_URL } from '../../lib/support';

export const POLICY_LAST_UPDATED = 'December 28, 2024';

export type PolicySection = { id: string; title: string; body: ReactNode };

const SupportLink = () => (
  <a
    href={SUPPORT_URL}
    target="_blank"
    rel="noreferrer"
    className="font-semibold text-brand-ink underline-offset-2 hover:underline"
  >
    {SUPPORT_HANDLE}
  </a>
);

/** The policy text: the periods here are the ones the deletion jobs apply. */
export const POLICY_SECTIONS: PolicySection[] = [
  {
    id: 'privacy',
    title: 'Privacy Policy',
    body: (
      <>
        <p className="text-muted-foreground text-xs">Last updated: {POLICY_LAST_UPDATED}</p>
        <p>
          SweatPact helps you take on workout challenges ("Pacts") with friends. This policy explains what we
          collect, why, and the choices you have. SweatPact is only for people aged 13 or older; we do not
          knowingly collect data from anyone younger, and we delete such an account as soon as we learn of it.
        </p>
        <h3>What we collect</h3>
        <ul>
          <li>
            <strong>Account data:</strong> your email address, a securely hashed password, your date of birth
            (to check the minimum age), your name, username, profile photo, bio and time zone.
          </li>
          <li>
            <strong>Workout data:</strong> the Pacts you create or join, your schedule, the values you log,
            streaks, points and XP.
          </li>
          <li>
            <strong>Proof videos:</strong> videos you record as workout proof or as a Pact tutorial, with
            their thumbnails. They are shown only to people who may see that Pact.
          </li>
          <li>
            <strong>Chat and social data:</strong> messages you send in Pact chats and direct messages,
            friends, likes, blocks and reports.
          </li>
          <li>
            <strong>Technical data:</strong> a session cookie that keeps you signed in, and, only if you allow
            it, anonymous usage analytics.
          </li>
        </ul>
        <h3>How we use it</h3>
        <p>
          To run the service: show your Pacts, chats and leaderboards, remind you at your workout time, review
          proof, process subscriptions for coaching teams, keep the community safe and answer support
          requests. We never sell your personal data. Marketing email is sent only if you switch it on in
          Settings.
        </p>
        <h3>Who sees it</h3>
        <p>
          Your name, avatar and workout results are visible to the people in your Pacts, your friends and on
          leaderboards. Payment details are handled by our payment provider and never stored by SweatPact.
        </p>
      </>
    ),
  },
  {
    id: 'terms',
    title: 'Terms of Service',
    body: (
      <>
        <p>
          By creating an account you agree to these terms. You must be 13 or older, give accurate information
          and keep your password to yourself. You are responsible for what happens on your account.
        </p>
        <p>
          SweatPact offers motivation, not medical advice. Check with a doctor before starting a new exercise
          programme, warm up, and stop if something hurts. You take part in any workout at your own risk.
        </p>
        <p>
          You keep the rights to the videos and messages you post, and you allow us to store and show them to
          the people who may see them, for as long as they are on SweatPact. Coaches of Pro teams set their
          own prices; subscriptions start with a 7-day free trial, renew monthly and can be cancelled at any
          time, taking effect at the end of the paid period.
        </p>
        <p>
          We may suspend accounts that break these terms or the Community Guidelines. We may update these
          terms and will tell you in the app before important changes take effect.
        </p>
      </>
    ),
  },
  {
    id: 'community',
    title: 'Community Guidelines',
    body: (
      <>
        <ul>
          <li>Be encouraging. Cheer people on; no bullying, harassment, hate or threats.</li>
          <li>
            Keep proof honest. Only submit videos of your own workouts, recorded for the Pact you post them
            in.
          </li>
          <li>Keep it safe for work: no nudity, sexual content, violence or dangerous challenges.</li>
          <li>Respect privacy. Do not film or share other people without their consent.</li>
          <li>No spam, scams or selling outside of Pro teams.</li>
        </ul>
        <p>
          Use Report Challenge or block someone if a person or Pact breaks these rules. Reports are reviewed
          by our moderators, and repeated or serious violations lead to removal.
        </p>
      </>
    ),
  },
  {
    id: 'deletion',
    title: 'Data Deletion and Your Rights',
    body: (
      <>
        <p>
          You can see and correct your profile in the app and ask us to delete some or all of your data on the
          Delete My Data page. You can choose profile information, workout history, social data, chat
          messages, uploaded media, or your entire account.
        </p>
        <p>
          Deletion requests are processed within 30 days. If you are not signed in, we first email you a link
          to confirm the request. Once deleted, data cannot be recovered.
        </p>
        <h3>What we keep, and for how long</h3>
        <ul>
          <li>Encrypted backups may hold deleted data for up to 90 days before they are overwritten.</li>
          <li>Anonymised analytics, which no longer identify you, are kept for 30 days.</li>
          <li>Transaction records of paid subscriptions are kept for 7 years, as tax law requires.</li>
          <li>Records of abuse reports are kept for 1 year to protect the community.</li>
        </ul>
        <p>
          Depending on where you live you may also have the right to object to or restrict processing, and to
          complain to your data protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Information',
    body: (
      <p>
        Questions about this policy, your data or your account? Message our support team at <SupportLink />.
        We answer most requests within 48 hours.
      </p>
    ),
  },
];
