import type { ActivityItem } from '@shared/api/activity';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { activityKeys } from '../../api/activity';
import { relativeTime } from '../../lib/relative-time';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/use-toast';
import { useJoinThenChat } from '../pacts/use-join-then-chat';
import { completedText, doingText, joinAction } from './activity-logic';

/** One workout: who, which Pact, what they did, and Join (then the chat), or Open for a Pact the caller is in. */
export function ActivityRow({ item, today, now }: { item: ActivityItem; today: boolean; now: Date }) {
  const { joinThenChat, isJoining } = useJoinThenChat();
  const queryClient = useQueryClient();
  const onJoin = () => {
    const action = joinAction(item);
    joinThenChat({ id: item.challengeId, isParticipant: action.kind === 'open' }, () => {
      // Its items now read "joined": the next Join opens the chat.
      void queryClient.invalidateQueries({ queryKey: activityKeys.all });
      toast({ title: 'Joined!', description: `You joined ${item.challengeTitle}`, variant: 'success' });
    });
  };
  return (
    <li
      className="flex items-center gap-3 rounded-2xl border border-border bg-card p-3"
      data-testid="activity-item"
    >
      <Link
        href={`/user/${item.userId}`}
        aria-label={`${item.user.firstName?.trim() || item.user.username}'s profile`}
        className="shrink-0 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar user={{ ...item.user, id: item.userId }} className="size-11" />
      </Link>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-snug">
          <span className="text-muted-foreground">{doingText(item)} </span>
          <span className="font-semibold">{item.challengeTitle}</span>
        </p>
        <p className="mt-0.5 text-brand-ink text-xs font-medium">
          {completedText(item, today)}
          {today ? null : <span className="text-muted-foreground"> · {relativeTime(item.at, now)}</span>}
        </p>
      </div>
      {/* SPEC's Join, for a Pact the caller is not in; one they are in (their own too) opens: "Open". */}
      <Button
        size="sm"
        variant={item.joined ? 'secondary' : 'default'}
        onClick={onJoin}
        disabled={isJoining}
        aria-label={`${item.joined ? 'Open' : 'Join'} ${item.challengeTitle}`}
      >
        {isJoining ? 'Joining...' : item.joined ? 'Open' : 'Join'}
      </Button>
    </li>
  );
}
