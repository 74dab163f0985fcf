import { useAuth } from '../../api/auth';
import { useUserProfile } from '../../api/users';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { FriendRequestsSection } from '../friends/FriendRequestsSection';
import { FriendsStrip } from '../friends/FriendsStrip';
import { Page } from '../layout/Page';
import { InboxCard } from '../messages/InboxCard';
import { StatCards } from '../users/StatCards';
import { EndedTeamPacts } from '../users/UserPactLists';
import { CoachTeamsCard } from './CoachTeamsCard';
import { EditProfileDialog } from './EditProfileDialog';
import { InviteDialog } from './InviteDialog';
import { NotificationsDialog } from './NotificationsDialog';
import { LikedPactsSection, MyPactsSection } from './ProfilePacts';
import { ProfileStats } from './ProfileStats';
import { SettingsDialog } from './SettingsDialog';
import { UpsellCard } from './UpsellCard';
import { WorkoutCalendar } from './WorkoutCalendar';

/** Profile (/profile): who you are, your month of workouts, friends and Pacts. */
export function ProfilePage() {
  const { user } = useAuth();
  // The same figures other people's pages show (Total XP, Completed, Active, Rank), from the same answer.
  const profile = useUserProfile(user?.id).data;
  if (!user) return null;
  const name = user.firstName?.trim() || user.username;
  return (
    <Page
      nav
      title="Profile"
      actions={
        <>
          <InviteDialog me={user} />
          <NotificationsDialog />
          <SettingsDialog />
        </>
      }
    >
      <div className="flex flex-col items-center pt-2 text-center">
        <Avatar user={user} className="size-24 text-3xl ring-4 ring-primary/30" />
        <h2 className="mt-4 font-extrabold text-2xl tracking-tight">{name}</h2>
        <p className="text-muted-foreground text-sm">@{user.username}</p>
        {user.bio ? <p className="mt-2 max-w-xs text-sm">{user.bio}</p> : null}
        {user.isProUser ? <Badge className="mt-3">Pro Creator</Badge> : null}
        <EditProfileDialog user={user} />
      </div>
      {profile ? <StatCards profile={profile} /> : null}

      <ProfileStats user={user} />
      <InboxCard />

      <div className="mt-6">
        <WorkoutCalendar timeZone={user.timeZone} />
      </div>

      <FriendRequestsSection />
      <FriendsStrip variant="profile" />

      <MyPactsSection />
      {profile ? <EndedTeamPacts items={profile.completedChallenges} /> : null}
      <LikedPactsSection />
      {user.isProUser ? <CoachTeamsCard /> : <UpsellCard />}
    </Page>
  );
}
