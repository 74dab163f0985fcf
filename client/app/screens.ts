import { lazyPage, loader } from './lazy-page';

/**
 * The bottom navigation's screens, loadable ahead of their first render (route-preload.ts): each keeps its module
 * once loaded, and its screen below then renders at once (lazy-page.ts).
 */
export const load = {
  shell: loader(() => import('./SignedInApp')),
  home: loader(() => import('../features/pacts/HomePage')),
  discover: loader(() => import('../features/discover/DiscoverPage')),
  teams: loader(() => import('../features/teams/TeamsPage')),
  leaderboard: loader(() => import('../features/leaderboard/LeaderboardPage')),
  profile: loader(() => import('../features/profile/ProfilePage')),
};

/**
 * Every screen loads on demand, so a signed-out visitor downloads only the sign-in screen; the signed-in shell and
 * each screen arrive as separate chunks.
 */
export const HomePage = lazyPage(load.home, 'HomePage');
export const DiscoverPage = lazyPage(load.discover, 'DiscoverPage');
export const TeamsPage = lazyPage(load.teams, 'TeamsPage');
export const TeamPage = lazyPage(() => import('../features/teams/TeamPage'), 'TeamPage');
/** Carries the chart library (uPlot): nobody else downloads it. */
export const AnalyticsPage = lazyPage(() => import('../features/coaching/AnalyticsPage'), 'AnalyticsPage');
export const EarningsPage = lazyPage(() => import('../features/coaching/EarningsPage'), 'EarningsPage');
export const MessagesPage = lazyPage(() => import('../features/messages/MessagesPage'), 'MessagesPage');
export const ConversationPage = lazyPage(
  () => import('../features/messages/ConversationPage'),
  'ConversationPage',
);
export const LeaderboardPage = lazyPage(load.leaderboard, 'LeaderboardPage');
export const ProfilePage = lazyPage(load.profile, 'ProfilePage');
export const UserPage = lazyPage(() => import('../features/users/UserPage'), 'UserPage');
export const ChatPage = lazyPage(() => import('../features/chat/ChatPage'), 'ChatPage');
export const LivePage = lazyPage(() => import('../features/live/LivePage'), 'LivePage');
export const SettingsPage = lazyPage(() => import('../features/settings/SettingsPage'), 'SettingsPage');
export const PolicyPage = lazyPage(() => import('../features/privacy/PolicyPage'), 'PolicyPage');
export const DeleteMyDataPage = lazyPage(
  () => import('../features/privacy/DeleteMyDataPage'),
  'DeleteMyDataPage',
);
export const AdminPage = lazyPage(() => import('../features/admin/AdminPage'), 'AdminPage');
export const SignedInApp = lazyPage(load.shell, 'SignedInApp');
export const VerifyEmailPage = lazyPage(
  () => import('../features/account/VerifyEmailPage'),
  'VerifyEmailPage',
);
export const ResetPasswordPage = lazyPage(
  () => import('../features/account/ResetPasswordPage'),
  'ResetPasswordPage',
);
export const WaitlistConfirmPage = lazyPage(
  () => import('../features/teams/WaitlistLinkPages'),
  'WaitlistConfirmPage',
);
export const WaitlistLeavePage = lazyPage(
  () => import('../features/teams/WaitlistLinkPages'),
  'WaitlistLeavePage',
);
export const WaitlistAdminPage = lazyPage(
  () => import('../features/admin/WaitlistAdminPage'),
  'WaitlistAdminPage',
);
