import type { Challenge } from '@shared/api/pacts';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { useLeavePact, useLikePact } from '../../api/pacts';
import { toast } from '../../ui/use-toast';
import { useJoinThenChat } from '../pacts/use-join-then-chat';

/**
 * Join, like and leave for one Pact, with their toasts. Join opens the Pact's chat (straight away when already a
 * participant); a Pact that cannot be joined (a Pro program without a subscription) shows the server's reason.
 */
export function usePactActions(pact: Challenge) {
  const { joinThenChat, isJoining } = useJoinThenChat();
  const leave = useLeavePact();
  const like = useLikePact();
  // The answer of the last like wins over the list until the list refetches with the same numbers.
  const [liked, setLiked] = useState<{ liked: boolean; likeCount: number } | null>(null);
  const likeState = liked ?? { liked: pact.likedByMe, likeCount: pact.likeCount };

  const onJoin = () => joinThenChat(pact);

  const onLike = () => {
    const next = !likeState.liked;
    setLiked({ liked: next, likeCount: Math.max(0, likeState.likeCount + (next ? 1 : -1)) });
    like.mutate(pact.id, {
      onSuccess: (answer) => setLiked(answer),
      onError: (error) => {
        setLiked(null);
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });
  };

  const onLeave = () =>
    leave.mutate(pact.id, {
      onSuccess: () => toast({ title: 'Left challenge', description: `You left ${pact.title}` }),
      onError: (error) =>
        toast({ title: 'Could not leave', description: errorMessage(error), variant: 'destructive' }),
    });

  return {
    onJoin,
    isJoining,
    onLike,
    liked: likeState.liked,
    likeCount: likeState.likeCount,
    onLeave,
    isLeaving: leave.isPending,
  };
}
