import type { DirectMessage } from '@shared/api/messages';
import { useEffect, useMemo, useRef } from 'react';
import { cn } from '../../lib/cn';
import { QUEUED_TEXT } from '../../lib/outbox';
import { Button } from '../../ui/Button';
import { groupByDay, timeOfDay } from '../chat/day-groups';
import type { PendingDm } from './dm-state';

/**
 * The conversation, oldest at the top, grouped by day; the caller's messages on the right with "Seen" under the
 * last one the other person read; sends on their way (or waiting offline) shown faded. Text is rendered as text, never HTML. Keeps the
 * newest message in view as messages arrive, unless the reader scrolled up.
 */
export function DmMessageList({
  items,
  pending,
  meId,
  seenId,
  hasOlder,
  onLoadOlder,
}: {
  items: DirectMessage[];
  pending: PendingDm[];
  meId: string;
  seenId: number | null;
  hasOlder: boolean;
  onLoadOlder: () => void;
}) {
  const groups = useMemo(() => groupByDay(items, (m) => m.timestamp, new Date()), [items]);
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const newest = items.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest message or a pending send changes
  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [newest, pending.length]);

  return (
    <div
      ref={scroller}
      className="flex-1 overflow-y-auto"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
      }}
    >
      <div className="mx-auto flex max-w-md flex-col px-3 py-3">
        {hasOlder ? (
          <Button variant="ghost" size="sm" className="self-center" onClick={onLoadOlder}>
            Load earlier messages
          </Button>
        ) : null}
        {items.length === 0 && pending.length === 0 ? (
          <p className="mt-10 text-center text-muted-foreground text-sm">No messages yet. Say hello!</p>
        ) : null}
        {groups.map((group) => (
          <section key={group.key} aria-label={group.label}>
            <h2 className="my-3 text-center font-semibold text-muted-foreground text-xs">{group.label}</h2>
            <ul className="flex flex-col gap-1">
              {group.items.map((m) => (
                <Bubble
                  key={m.id}
                  own={m.senderId === meId}
                  text={m.message}
                  time={timeOfDay(new Date(m.timestamp))}
                >
                  {m.id === seenId ? 'Seen' : null}
                </Bubble>
              ))}
            </ul>
          </section>
        ))}
        {pending.length > 0 ? (
          <ul className="mt-1 flex flex-col gap-1">
            {pending.map((p) => (
              <Bubble
                key={p.clientKey}
                own
                text={p.text}
                time={p.status === 'queued' ? QUEUED_TEXT : 'Sending...'}
                pending={p.status}
              />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function Bubble({
  own,
  text,
  time,
  pending,
  children,
}: {
  own: boolean;
  text: string;
  time: string;
  /** A send on its way or waiting in the outbox: shown faded. */
  pending?: PendingDm['status'];
  children?: string | null;
}) {
  return (
    <li
      className={cn('flex flex-col', own ? 'items-end' : 'items-start', pending && 'opacity-60')}
      data-pending={pending}
    >
      <p
        className={cn(
          'max-w-[78%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px] leading-snug',
          own
            ? 'rounded-br-md bg-primary text-primary-foreground'
            : 'rounded-bl-md bg-card text-card-foreground',
        )}
      >
        {text}
      </p>
      <span className="mx-1 mt-0.5 text-[11px] text-muted-foreground">
        {time}
        {children ? ` · ${children}` : ''}
      </span>
    </li>
  );
}
