import type { Participant } from '@shared/api/pacts';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { Avatar } from '../../ui/Avatar';

/** Everyone in the Pact: you with a blue border, the creator with a yellow one, live members marked. */
export function ParticipantsStrip({
  participants,
  meId,
  creatorId,
  liveUsers,
}: {
  participants: Participant[];
  meId: string | undefined;
  creatorId: string;
  liveUsers: ReadonlySet<string>;
}) {
  if (participants.length === 0) return null;
  return (
    <nav aria-label="Participants" className="border-border/60 border-b">
      <ul className="mx-auto flex max-w-md gap-3 overflow-x-auto px-4 py-2.5 [scrollbar-width:none]">
        {participants.map((p) => {
          const name = p.user.firstName || p.user.username;
          const isMe = p.userId === meId;
          const isCreator = p.userId === creatorId;
          const live = liveUsers.has(p.userId);
          return (
            <li key={p.id} className="shrink-0">
              <Link
                href={`/user/${p.userId}`}
                className="flex w-14 flex-col items-center gap-1 rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={`${name}${isMe ? ' (you)' : ''}${isCreator ? ', creator' : ''}${live ? ', live now' : ''}`}
              >
                <span className="relative">
                  <Avatar
                    user={p.user}
                    className="size-11"
                    ringClassName={cn(
                      'ring-2 ring-offset-2 ring-offset-background',
                      isMe ? 'ring-blue-500' : isCreator ? 'ring-yellow-400' : 'ring-transparent',
                    )}
                  />
                  {live ? (
                    <span className="-bottom-1 -translate-x-1/2 absolute left-1/2 rounded-full bg-red-600 px-1.5 font-bold text-[9px] text-white leading-4">
                      LIVE
                    </span>
                  ) : null}
                </span>
                <span className="w-full truncate text-center text-[11px] text-muted-foreground">
                  {isMe ? 'You' : name}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
