import { useQuery } from '@tanstack/react-query';
import { UserRoundX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Page } from '../../app/layout/Page';
import { Avatar, type AvatarUser } from '../../ui/Avatar';
import { Badge } from '../../ui/Badge';
import { buttonVariants } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeleton } from '../../ui/Skeleton';

type PublicUser = AvatarUser & { bio?: string | null; isProUser?: boolean; streakCount?: number };

/** Another user's profile (/user/:userId): GET /api/users/:userId, or 'User not found'. */
export function UserPage() {
  const { userId = '' } = useParams<{ userId: string }>();
  const { data, isPending, isError } = useQuery<PublicUser>({ queryKey: ['/api/users', userId] });
  const found = !isError && data?.id;
  const name = [data?.firstName, data?.lastName].filter(Boolean).join(' ') || data?.username || 'Profile';

  return (
    <Page nav back="/" title={found ? name : 'Profile'}>
      {isPending ? (
        <div className="flex flex-col items-center gap-3 pt-4">
          <Skeleton className="size-24 rounded-full" />
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      ) : found ? (
        <div className="flex flex-col items-center pt-2 text-center">
          <Avatar user={data} className="size-24 text-3xl" />
          <h2 className="mt-4 font-extrabold text-2xl tracking-tight">{name}</h2>
          {data.username ? <p className="text-muted-foreground text-sm">@{data.username}</p> : null}
          {data.bio ? <p className="mt-2 max-w-xs text-sm">{data.bio}</p> : null}
          <div className="mt-3 flex gap-2">
            {data.streakCount ? <Badge variant="secondary">{data.streakCount} day streak</Badge> : null}
            {data.isProUser ? <Badge>Pro Creator</Badge> : null}
          </div>
        </div>
      ) : (
        <EmptyState icon={UserRoundX} className="mt-6" title="User not found">
          <Link href="/" className={buttonVariants({ size: 'lg' })}>
            Back to Home
          </Link>
        </EmptyState>
      )}
    </Page>
  );
}
