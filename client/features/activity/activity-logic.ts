import type { ActivityItem } from '@shared/api/activity';
import { amountText } from '@shared/domain/exercises';

/** Texts of Home's Activity items. */

export function activityName(item: Pick<ActivityItem, 'user'>): string {
  return item.user.firstName?.trim() || item.user.username;
}

/** '{name} is doing' (the Pact's title follows, emphasised). */
export function doingText(item: Pick<ActivityItem, 'user'>): string {
  return `${activityName(item)} is doing`;
}

/**
 * SPEC's 'Completed {value} {type} today' for the Friends tab, the count said with its unit ('Completed 60 seconds
 * of plank today'); without 'today' for Near You's recent workouts.
 */
export function completedText(item: Pick<ActivityItem, 'value' | 'type'>, today: boolean): string {
  return `Completed ${amountText(item.value, item.type)}${today ? ' today' : ''}`;
}

export type JoinAction = { kind: 'open'; href: string } | { kind: 'join'; challengeId: number };

/** Join on an item: open the chat when already taking part, otherwise join first. */
export function joinAction(item: Pick<ActivityItem, 'joined' | 'challengeId'>): JoinAction {
  return item.joined
    ? { kind: 'open', href: `/chat/${item.challengeId}` }
    : { kind: 'join', challengeId: item.challengeId };
}
