import type { ChatMessage } from '@shared/api/chat';
import { AlertCircle, CloudOff, RotateCcw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { QUEUED_TEXT } from '../../lib/outbox';
import { useOnline } from '../../lib/use-online';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import type { PendingMessage } from './chat-state';
import { timeOfDay } from './day-groups';
import { ProofBadge, ProofContent } from './ProofContent';

function Bubble({ own, children, className }: { own: boolean; children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'max-w-[78%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px] leading-snug',
        own
          ? 'rounded-br-md bg-primary text-primary-foreground'
          : 'rounded-bl-md bg-card text-card-foreground',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Proofs sit on the card colour on both sides, so the status badge (green when approved) always stands out. */
const PROOF_BUBBLE = 'border border-border bg-card p-2 text-card-foreground';

/** A 'live' message: a system line, not a bubble. */
function SystemLine({ message }: { message: ChatMessage }) {
  return (
    <li className="flex justify-center py-1">
      <p className="rounded-full bg-red-500/10 px-3 py-1 text-center font-medium text-red-600 text-xs dark:text-red-400">
        {message.message}
        <span className="ml-1.5 opacity-70">{timeOfDay(new Date(message.timestamp))}</span>
      </p>
    </li>
  );
}

/**
 * One chat message (text always rendered as text: HTML in a message shows as typed). Own messages sit on the
 * right; others show the author's avatar and name at the start of a run.
 */
export function MessageItem({
  message,
  own,
  showAuthor,
  exerciseLabel,
  onDecide,
}: {
  message: ChatMessage;
  own: boolean;
  showAuthor: boolean;
  exerciseLabel: string;
  onDecide: (proofId: number, approval: 'approved' | 'rejected') => Promise<void>;
}) {
  if (message.type === 'live') return <SystemLine message={message} />;
  const name = message.user.firstName || message.user.username;
  const isProof = message.type === 'workout_proof';
  return (
    <li
      className={cn(
        'flex items-end gap-2 rounded-xl transition-colors duration-700 data-[highlight=true]:bg-primary/15',
        own ? 'justify-end' : 'justify-start',
        showAuthor ? 'mt-2' : 'mt-0.5',
      )}
      data-message-id={message.id}
    >
      {!own ? (
        showAuthor ? (
          <Link
            href={`/user/${message.userId}`}
            aria-label={name}
            className="-mx-1.5 -mt-1.5 mb-3.5 shrink-0 rounded-full p-1.5"
          >
            <Avatar user={message.user} className="size-8" />
          </Link>
        ) : (
          <span className="w-8 shrink-0" aria-hidden="true" />
        )
      ) : null}
      <div className={cn('flex min-w-0 flex-1 flex-col', own ? 'items-end' : 'items-start')}>
        {!own && showAuthor ? (
          <span className="mb-0.5 ml-1 max-w-full truncate font-semibold text-xs">{name}</span>
        ) : null}
        <Bubble own={own} className={isProof ? PROOF_BUBBLE : undefined}>
          {isProof ? (
            <>
              <p className="mb-2 px-1 font-semibold text-sm">{message.message}</p>
              <ProofContent message={message} own={own} exerciseLabel={exerciseLabel} onDecide={onDecide} />
            </>
          ) : (
            message.message
          )}
        </Bubble>
        <time dateTime={message.timestamp} className="mx-1 mt-0.5 text-[11px] text-muted-foreground">
          {timeOfDay(new Date(message.timestamp))}
        </time>
      </div>
    </li>
  );
}

/** Our own message or proof on its way: dimmed text, or the proof's upload progress, Retry and Discard. */
export function PendingItem({
  pending,
  exerciseLabel,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  exerciseLabel: string;
  onRetry: (key: string) => void;
  onDiscard: (key: string) => void;
}) {
  const failed = pending.status === 'failed';
  const percent = Math.round((pending.progress ?? 0) * 100);
  // An upload resumes by itself when the network is back (lib/upload.ts): meanwhile it says it waits.
  const online = useOnline();
  const stalled = pending.type === 'workout_proof' && !online;
  return (
    <li className="mt-0.5 flex justify-end" data-pending={pending.status}>
      <div className="flex w-full flex-col items-end">
        <Bubble
          own
          className={cn(
            pending.type === 'workout_proof' && PROOF_BUBBLE,
            !failed && 'opacity-70',
            failed && 'border-destructive/50 bg-destructive/15 text-foreground',
          )}
        >
          {pending.type === 'workout_proof' ? (
            <div className="flex w-48 flex-col gap-2">
              <p className="font-semibold text-sm">{pending.text}</p>
              <div className="flex items-center gap-2">
                <ProofBadge status="pending" />
                {pending.value !== undefined ? (
                  <span className="font-semibold text-xs">
                    {pending.value} {exerciseLabel}
                  </span>
                ) : null}
              </div>
              {!failed ? (
                <ProgressBar label="Uploading proof" value={pending.progress ?? 0} className="bg-secondary" />
              ) : null}
            </div>
          ) : (
            pending.text
          )}
        </Bubble>
        <span className="mx-1 mt-0.5 flex items-center gap-1 text-[11px] text-muted-foreground">
          {failed ? (
            <>
              <AlertCircle className="size-3 text-destructive" aria-hidden="true" />
              Not sent
            </>
          ) : pending.status === 'queued' || stalled ? (
            <>
              <CloudOff className="size-3" aria-hidden="true" />
              {stalled ? `Waiting for connection (${percent}% uploaded)` : QUEUED_TEXT}
            </>
          ) : (
            <>
              <Spinner className="size-3" label="Sending" />
              {pending.type === 'workout_proof' ? `Uploading ${percent}%` : 'Sending...'}
            </>
          )}
        </span>
        {failed && pending.type === 'workout_proof' ? (
          <div className="mt-1 flex gap-2">
            <Button size="sm" onClick={() => onRetry(pending.clientKey)}>
              <RotateCcw aria-hidden="true" />
              Retry
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onDiscard(pending.clientKey)}>
              <Trash2 aria-hidden="true" />
              Discard
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
