import type { Challenge } from '@shared/api/pacts';
import { Clock, Lock, UsersRound } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { joinLabel, participantsLabel, targetLabel, workoutTimeLabel } from '../pacts/card/card-logic';
import { useJoinThenChat } from '../pacts/use-join-then-chat';

/**
 * One of a team's Pacts: visible to everyone (DECISIONS 4); Join (then its chat) for the coach and members with
 * access, and a lock for everyone else (a member whose access ended too: the page above offers Subscribe).
 */
export function TeamPactRow({ pact, canJoin }: { pact: Challenge; canJoin: boolean }) {
  const { joinThenChat, isJoining } = useJoinThenChat();
  const time = workoutTimeLabel(pact.workoutTime);
  return (
    <li>
      <Card role="article" aria-label={pact.title} className="flex items-center gap-3 p-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-bold">{pact.title}</h3>
          <p className="text-muted-foreground text-xs">{targetLabel(pact)}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-muted-foreground text-xs">
            <span className="flex items-center gap-1">
              <UsersRound className="size-3.5" aria-hidden="true" />
              {participantsLabel(pact.participantCount)}
            </span>
            {time ? (
              <span className="flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden="true" />
                {time}
              </span>
            ) : null}
          </p>
        </div>
        {canJoin || (pact.isParticipant && pact.teamAccess) ? (
          <Button size="sm" disabled={isJoining} onClick={() => joinThenChat(pact)}>
            {joinLabel(pact, isJoining)}
          </Button>
        ) : (
          <span className="flex items-center gap-1 text-muted-foreground text-xs">
            <Lock className="size-3.5" aria-hidden="true" />
            Members only
          </span>
        )}
      </Card>
    </li>
  );
}
