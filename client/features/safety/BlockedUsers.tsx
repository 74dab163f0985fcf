import { UserRoundCheck } from 'lucide-react';
import { errorMessage } from '../../api/errors';
import { useBlockedUsers, useUnblockUser } from '../../api/safety';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/use-toast';

/** Settings' "Blocked users": everyone the caller blocked, newest first, each with Unblock. */
export function BlockedUsers() {
  const { users, isPending } = useBlockedUsers();
  const unblock = useUnblockUser();
  if (isPending) return <Skeleton className="h-12 w-full" />;
  if (users.length === 0) {
    return <p className="text-muted-foreground text-sm">You have not blocked anyone.</p>;
  }
  return (
    <ul className="grid grid-cols-1 gap-2" aria-label="Blocked users">
      {users.map((u) => {
        const name = [u.firstName?.trim(), u.lastName?.trim()].filter(Boolean).join(' ') || u.username;
        const busy = unblock.isPending && unblock.variables === u.id;
        return (
          <li key={u.id} className="flex items-center gap-3">
            <Avatar user={u} className="size-10" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-sm">{name}</span>
              <span className="block truncate text-muted-foreground text-xs">@{u.username}</span>
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={busy}
              aria-label={`Unblock ${name}`}
              onClick={() =>
                unblock.mutate(u.id, {
                  onSuccess: () => toast({ title: 'User unblocked', description: `You unblocked ${name}.` }),
                  onError: (error) =>
                    toast({
                      title: 'Could not unblock',
                      description: errorMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              <UserRoundCheck aria-hidden="true" />
              {busy ? 'Unblocking...' : 'Unblock'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
