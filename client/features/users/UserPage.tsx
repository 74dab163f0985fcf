import type { UserProfile } from '@shared/api/users';
import { Flame, RotateCcw, UserRoundX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { errorMessage, errorStatus } from '../../api/errors';
import { useUserProfile } from '../../api/users';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { Button, buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';
import { Page } from '../layout/Page';
import { UserSafetyMenu } from '../safety/UserSafetyMenu';
import { FriendButton } from './FriendButton';
import { StatCards } from './StatCards';
import { streakLabel } from './stats';
import { ActiveChallenges, CompletedChallenges, CreatedChallenges } from './UserPactLists';

/** Another user's page (/user/:userId); 'ai-trainer' is the fixed AI Trainer profile. */
export function UserPage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const query = useUserProfile(userId);
  const profile = query.data?.id ? query.data : null;
  return (
    <Page
      nav
      back="/"
      title={profile ? displayName(profile, true) : 'Profile'}
      actions={
        profile && !profile.isSelf && !profile.isAiTrainer ? (
          <UserSafetyMenu user={{ id: profile.id, name: displayName(profile, true) }} />
        ) : null
      }
    >
      {query.isPending ? (
        <ProfileSkeleton />
      ) : profile ? (
        <UserProfileView profile={profile} />
      ) : errorStatus(query.error) === 404 || !query.isError ? (
        <EmptyState icon={UserRoundX} className="mt-6" title="User not found">
          <Link href="/" className={buttonVariants({ size: 'lg' })}>
            Back to Home
          </Link>
        </EmptyState>
      ) : (
        <EmptyState
          className="mt-6"
          title="Could not load this profile"
          description={errorMessage(query.error)}
        >
          <Button onClick={() => query.refetch()}>
            <RotateCcw aria-hidden="true" />
            Try again
          </Button>
        </EmptyState>
      )}
    </Page>
  );
}

function UserProfileView({ profile }: { profile: UserProfile }) {
  const streak = profile.isAiTrainer ? null : streakLabel(profile.streakCount);
  return (
    <>
      <div className="flex flex-col items-center pt-2 text-center">
        <Avatar user={profile} className="size-24 text-4xl ring-4 ring-primary/30" />
        <h2 className="mt-4 font-extrabold text-2xl tracking-tight">
          {profile.isAiTrainer ? 'AI Trainer' : displayName(profile, true)}
        </h2>
        {profile.isAiTrainer ? null : <p className="text-muted-foreground text-sm">@{profile.username}</p>}
        {profile.bio ? <p className="mt-2 max-w-xs text-sm">{profile.bio}</p> : null}
        {streak || profile.isProUser ? (
          <div className="mt-3 flex flex-wrap justify-center gap-2">
            {streak ? (
              <Badge variant="secondary">
                <Flame aria-hidden="true" className="text-orange-500" />
                {streak}
              </Badge>
            ) : null}
            {profile.isProUser ? <Badge>Pro Creator</Badge> : null}
          </div>
        ) : null}
        <div className="mt-4 empty:hidden">
          <FriendButton profile={profile} />
        </div>
      </div>
      {profile.isAiTrainer ? (
        <CreatedChallenges title="Workouts" items={profile.createdChallenges} />
      ) : (
        <>
          <StatCards profile={profile} />
          <ActiveChallenges items={profile.activeChallenges} />
          <CompletedChallenges items={profile.completedChallenges} />
          <CreatedChallenges items={profile.createdChallenges} />
        </>
      )}
    </>
  );
}

function ProfileSkeleton() {
  return (
    <div className="flex flex-col items-center gap-3 pt-4" aria-busy="true">
      <Skeleton className="size-24 rounded-full" />
      <Skeleton className="h-6 w-40" />
      <Skeleton className="h-4 w-24" />
      <div className="mt-4 grid w-full grid-cols-4 gap-2">
        {['xp', 'completed', 'active', 'rank'].map((k) => (
          <Skeleton key={k} className="h-20" />
        ))}
      </div>
    </div>
  );
}
