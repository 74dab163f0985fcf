import { NOT_COUNTED_TEXT } from '@shared/domain/proof-day';
import { cn } from '../../lib/cn';
import type { CodeWordState } from './use-code-word';

/**
 * "Say or show: MAPLE 47 RIVER", large, over the recording screens for the whole recording; and, before recording,
 * what the server said about counting ("Today's workout is already counted") when the proof will not count.
 */
export function CodeWordBanner({
  state,
  onRetry,
  className,
  tone = 'light',
}: {
  state: CodeWordState;
  onRetry: () => void;
  className?: string;
  tone?: 'light' | 'dark';
}) {
  const dark = tone === 'dark';
  if (state.status === 'failed') {
    return (
      <div
        role="alert"
        className={cn(
          'rounded-xl px-3 py-2 text-sm',
          dark ? 'bg-red-900/80' : 'bg-destructive/10',
          className,
        )}
      >
        <p>Could not get a code word: {state.error}</p>
        <button type="button" className="font-semibold underline" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const challenge = state.challenge;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <p
        aria-live="polite"
        data-testid="code-word"
        className={cn(
          'rounded-xl px-3 py-2 text-center font-black tracking-wide',
          dark ? 'bg-black/60 text-white' : 'bg-primary/10 text-foreground',
        )}
      >
        <span
          className={cn(
            'block font-semibold text-xs uppercase tracking-normal',
            dark ? 'text-white/80' : 'text-muted-foreground',
          )}
        >
          Say or show
        </span>
        <span className="block text-2xl leading-tight">{challenge ? challenge.code : '…'}</span>
      </p>
      {challenge && !challenge.counts && challenge.notCounted ? (
        <p
          role="status"
          className={cn(
            'rounded-lg px-3 py-1.5 text-center font-semibold text-sm',
            dark
              ? 'bg-amber-500/90 text-black'
              : 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
          )}
        >
          {NOT_COUNTED_TEXT[challenge.notCounted]}
          <span className="block font-normal text-xs">
            This proof will be posted in the chat but will not count.
          </span>
        </p>
      ) : null}
    </div>
  );
}
