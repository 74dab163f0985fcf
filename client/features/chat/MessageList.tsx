import { MessagesSquare } from 'lucide-react';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useNow } from '../../lib/use-now';
import { Spinner } from '../../ui/Spinner';
import type { ChatItem } from './chat-state';
import { groupByDay } from './day-groups';
import { MessageItem, PendingItem } from './MessageItem';
import { useScrollToMessage } from './use-scroll-to-message';

/** Within this many pixels of the bottom the list follows new messages; further up it stays put. */
const FOLLOW_PX = 120;
/** Closer than this to the top, the next older page loads. */
const LOAD_OLDER_PX = 200;

const timestampOf = (item: ChatItem) =>
  item.kind === 'message' ? item.message.timestamp : item.pending.createdAt;
const authorOf = (item: ChatItem) => (item.kind === 'message' ? item.message.userId : item.pending.userId);

/**
 * The scrolling message list: grouped by day (Today, Yesterday, 'November 19'), older pages loading as the top
 * comes near while the reader's place stays exactly where it was, and new messages followed only when the reader
 * is at the bottom (or sent them).
 */
export function MessageList({
  items,
  meId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  exerciseLabel,
  onDecide,
  onRetryProof,
  onDiscardProof,
}: {
  items: ChatItem[];
  meId: string | undefined;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  exerciseLabel: string;
  onDecide: (proofId: number, approval: 'approved' | 'rejected') => Promise<void>;
  onRetryProof: (key: string) => void;
  onDiscardProof: (key: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const now = useNow(60_000);
  const groups = useMemo(() => groupByDay(items, timestampOf, now), [items, now]);
  const seen = useRef({ first: '', last: '', height: 0, atBottom: true });

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = items[0]?.key ?? '';
    const last = items[items.length - 1]?.key ?? '';
    const before = seen.current;
    const lastItem = items[items.length - 1];
    const mineAtEnd = !!lastItem && (lastItem.kind === 'pending' || authorOf(lastItem) === meId);
    if (before.first === '' && first !== '') {
      el.scrollTop = el.scrollHeight; // First page: start at the newest message.
    } else if (first !== before.first && last === before.last) {
      el.scrollTop += el.scrollHeight - before.height; // Older page above: keep the reader's place.
    } else if (last !== before.last && (before.atBottom || mineAtEnd)) {
      el.scrollTop = el.scrollHeight;
    }
    seen.current = {
      first,
      last,
      height: el.scrollHeight,
      atBottom: el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX,
    };
  }, [items, meId]);

  // Opened at a message (a proof to review): show it, and stop following the newest line.
  useScrollToMessage(ref, `${items.length}:${items[items.length - 1]?.key ?? ''}`, () => {
    seen.current.atBottom = false;
  });

  // A bubble that grows where the reader is at the bottom (a decision, a poster) keeps the newest line in view.
  useEffect(() => {
    const el = ref.current;
    const content = el?.firstElementChild;
    if (!el || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (seen.current.atBottom) el.scrollTop = el.scrollHeight;
      seen.current.height = el.scrollHeight;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  // A first page shorter than the screen cannot be scrolled up: fetch older ones until it fills.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the items change.
  useEffect(() => {
    const el = ref.current;
    if (el && hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder, items]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    seen.current.atBottom = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_PX;
    seen.current.height = el.scrollHeight;
    if (el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div className="relative min-h-0 flex-1">
      {loadingOlder ? (
        // Over the list, not in it: inserting it would push the messages down under the reader.
        <div className="pointer-events-none absolute inset-x-0 top-2 z-10 flex justify-center">
          <span className="rounded-full bg-secondary p-1.5 shadow">
            <Spinner className="block size-4 text-muted-foreground" label="Loading earlier messages" />
          </span>
        </div>
      ) : null}
      <div
        ref={ref}
        onScroll={onScroll}
        className="absolute inset-0 overflow-y-auto overscroll-contain [overflow-anchor:none]"
        data-testid="chat-messages"
      >
        <div className="mx-auto flex min-h-full max-w-md flex-col justify-end px-3 pt-2 pb-3">
          {items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 py-10 text-center text-muted-foreground">
              <MessagesSquare className="size-8" aria-hidden="true" />
              <p className="font-semibold text-foreground">No messages yet</p>
              <p className="max-w-60 text-sm">Cheer each other on and share your workout proof here.</p>
            </div>
          ) : null}
          {groups.map((group) => (
            <section key={group.key} aria-label={group.label}>
              <h2 className="my-2 flex justify-center">
                <span className="rounded-full bg-secondary px-3 py-0.5 font-semibold text-secondary-foreground text-xs">
                  {group.label}
                </span>
              </h2>
              <ol className="flex flex-col">
                {group.items.map((item, index) => {
                  if (item.kind === 'pending') {
                    return (
                      <PendingItem
                        key={item.key}
                        pending={item.pending}
                        exerciseLabel={exerciseLabel}
                        onRetry={onRetryProof}
                        onDiscard={onDiscardProof}
                      />
                    );
                  }
                  const previous = group.items[index - 1];
                  const showAuthor =
                    !previous ||
                    authorOf(previous) !== item.message.userId ||
                    (previous.kind === 'message' && previous.message.type === 'live');
                  return (
                    <MessageItem
                      key={item.key}
                      message={item.message}
                      own={item.message.userId === meId}
                      showAuthor={showAuthor}
                      exerciseLabel={exerciseLabel}
                      onDecide={onDecide}
                    />
                  );
                })}
              </ol>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
