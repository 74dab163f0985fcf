import type { Challenge } from '@shared/api/pacts';
import { accentHex } from '@shared/domain/accents';
import { ArrowLeft, Play, WifiOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { cn } from '../../lib/cn';
import { type LinkStatus, useLinkStatus } from '../../lib/realtime/link';
import { useNow } from '../../lib/use-now';
import { Button } from '../../ui/Button';
import { TeamImage } from '../teams/TeamImage';
import { headerButton, headerDetails } from './header-logic';

const LINK_TEXT: Record<LinkStatus, string> = {
  connected: 'Connected',
  connecting: 'Connecting',
  disconnected: 'Disconnected',
  ended: 'Disconnected',
};

/** The connected/disconnected flag of the real-time link as a dot beside the title. */
function LinkDot() {
  const status = useLinkStatus();
  return (
    <span
      role="status"
      className="inline-flex shrink-0 items-center"
      title={LINK_TEXT[status]}
      data-testid="link-status"
      data-state={status}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'connected' ? 'bg-green-500' : status === 'connecting' ? 'bg-amber-400' : 'bg-red-500',
        )}
      />
      <span className="sr-only">{LINK_TEXT[status]}</span>
    </span>
  );
}

/** How long the link must stay down before the banner shows, so a quick reconnect does not flash it. */
const BANNER_DELAY_MS = 1500;

/** A visible line under the header while the real-time link is down: messages may be late until it is back. */
export function LinkBanner() {
  const status = useLinkStatus();
  const down = status !== 'connected';
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!down) return setShow(false);
    const timer = setTimeout(() => setShow(true), BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [down]);
  if (!show) return null;
  return (
    <p className="flex items-center justify-center gap-2 bg-amber-400/15 px-4 py-1.5 font-medium text-amber-700 text-xs dark:text-amber-300">
      <WifiOff className="size-3.5" aria-hidden="true" />
      {status === 'ended'
        ? 'Disconnected. Sign in again to get new messages.'
        : 'Disconnected. Reconnecting...'}
    </p>
  );
}

/**
 * Header of the chat: back to /, (a team's Pact: the team's image and accent), title, participant count, workout
 * time, the day, and the status button
 * of the chat-header rule (24-hour reading, 15 minutes after the time). Start opens the camera panel.
 */
export function ChatHeader({
  pact,
  canProve,
  onStart,
}: {
  pact: Challenge;
  /** Only active participants send proof. */
  canProve: boolean;
  onStart: () => void;
}) {
  const now = useNow();
  const state = headerButton(pact.workoutTime, canProve, now);
  // A team's Pact wears the team's look: its image (else its initial on its accent) and an accent rule below.
  const accent = accentHex(pact.team?.accentColor);
  return (
    <header
      className="sticky top-0 z-30 border-border/60 border-b bg-background/90 pt-safe backdrop-blur-xl"
      style={accent ? { borderBottomColor: accent, borderBottomWidth: 2 } : undefined}
      data-team-accent={pact.team?.accentColor ?? undefined}
    >
      <div className="mx-auto flex min-h-16 max-w-md items-center gap-2 px-3 py-1">
        <Link
          href="/"
          aria-label="Back"
          className="flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            {/* Two lines before it is cut: "30-Day Push-up Pact" stays whole beside the status on a 320 px phone. */}
            <h1 className="line-clamp-2 break-words font-extrabold text-base leading-tight tracking-tight">
              {pact.title}
            </h1>
            <LinkDot />
          </div>
          {/* The team's image sits on the details line, so the title keeps its width on a 320 px phone. */}
          <p className="flex min-w-0 items-center gap-1.5 text-muted-foreground text-xs">
            {pact.team ? (
              <TeamImage
                team={pact.team}
                className="size-4 rounded-[5px] text-[9px]"
                data-testid="chat-team-image"
              />
            ) : null}
            <span className="truncate">{headerDetails(pact)}</span>
          </p>
        </div>
        {state.canStart ? (
          <Button size="sm" onClick={onStart}>
            <Play aria-hidden="true" />
            {state.label}
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled>
            {state.label}
          </Button>
        )}
      </div>
    </header>
  );
}
