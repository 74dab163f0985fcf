import { Copy, Share2, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { useFriends } from '../../api/friends';
import { displayName } from '../../lib/display-name';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../ui/Dialog';
import { Input } from '../../ui/Input';
import { Skeleton } from '../../ui/Skeleton';
import { toast } from '../../ui/use-toast';
import { shareOrCopy } from '../pacts/invite';
import { profileInvite } from './invite-link';

/** Share/invite friends: your invite link, Share and Copy Link, your friends. */
export function InviteDialog({ me }: { me: { id: string; firstName?: string | null } }) {
  // The server's first paint (app/first-paint.tsx) draws only the closed dialog's button; the link needs a page.
  const invite = profileInvite(typeof window === 'undefined' ? '' : window.location.origin, me);
  const friends = useFriends();

  const share = async () => {
    const outcome = await shareOrCopy(invite);
    if (outcome === 'copied') toast({ title: 'Invite copied', description: 'Paste it to a friend.' });
    if (outcome === 'failed') toast({ title: 'Could not share', variant: 'destructive' });
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.url);
      toast({ title: 'Link copied', description: 'Send it to a friend to connect on SweatPact.' });
    } catch {
      toast({ title: 'Could not copy', description: 'Select the link and copy it.', variant: 'destructive' });
    }
  };

  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Invite friends">
          <UserPlus aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      {/* Keep the keyboard from popping up on phones: nothing is focused until the user taps. */}
      <DialogContent onOpenAutoFocus={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Invite Friends</DialogTitle>
          <DialogDescription>Workouts are easier with friends keeping you honest.</DialogDescription>
        </DialogHeader>
        <Input readOnly value={invite.url} aria-label="Invite link" onFocus={(e) => e.target.select()} />
        <div className="grid grid-cols-2 gap-2">
          <Button onClick={share}>
            <Share2 aria-hidden="true" />
            Share
          </Button>
          <Button variant="outline" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy Link
          </Button>
        </div>
        <div className="grid gap-2">
          <p className="font-semibold text-muted-foreground text-xs uppercase tracking-wide">Your friends</p>
          {friends.isPending ? (
            <Skeleton className="h-12" />
          ) : (friends.data ?? []).length === 0 ? (
            <p className="text-muted-foreground text-sm">No friends yet. Share your link to add some!</p>
          ) : (
            <ul className="grid grid-cols-1 max-h-56 gap-1 overflow-y-auto">
              {friends.data?.map((friend) => (
                <li key={friend.id}>
                  <Link
                    href={`/user/${friend.id}`}
                    className="flex items-center gap-3 rounded-xl px-2 py-2 transition-colors hover:bg-secondary"
                  >
                    <Avatar user={friend} className="size-9" />
                    <span className="min-w-0 flex-1 truncate font-medium text-sm">{displayName(friend)}</span>
                    <span className="text-muted-foreground text-xs">@{friend.username}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
