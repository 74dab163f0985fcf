import type { ChatMessage } from '@shared/api/chat';
import type { ChatProof, ProofStatus } from '@shared/api/proofs';
import { Check, TriangleAlert, X } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../api/auth';
import { useChallenge } from '../../api/pacts';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { proofDecisionText } from './proof-texts';

const BADGE: Record<ProofStatus, 'default' | 'destructive' | 'secondary'> = {
  approved: 'default',
  rejected: 'destructive',
  pending: 'secondary',
};
const STATUS_TEXT: Record<ProofStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  pending: 'Pending',
};

/** The proofStatus badge: approved default, rejected destructive, pending secondary. */
export function ProofBadge({ status }: { status: ProofStatus }) {
  return (
    <Badge variant={BADGE[status]} data-status={status}>
      {STATUS_TEXT[status]}
    </Badge>
  );
}

/** The proof video: its poster until tapped, then the browser's own controls. Never downloads before a tap. */
export function ProofVideo({
  src,
  poster,
  label,
}: {
  src: string | null;
  poster?: string | null;
  label: string;
}) {
  if (!src) return null;
  return (
    // biome-ignore lint/a11y/useMediaCaption: a user's workout recording has no captions to offer.
    <video
      src={src}
      poster={poster ?? undefined}
      controls
      playsInline
      preload={poster ? 'none' : 'metadata'}
      aria-label={label}
      className="aspect-[9/16] w-44 rounded-xl bg-black object-cover"
    />
  );
}

/** A workout proof in the chat: video, value, status badge, who decided, and Approve / Reject when allowed. */
export function ProofContent({
  message,
  own,
  exerciseLabel,
  onDecide,
}: {
  message: ChatMessage;
  /** The reader's own proof ("Your code word") rather than someone else's ("They should say or show"). */
  own: boolean;
  exerciseLabel: string;
  onDecide: (proofId: number, approval: 'approved' | 'rejected') => Promise<void>;
}) {
  const [busy, setBusy] = useState<'approved' | 'rejected' | null>(null);
  const { user } = useAuth();
  // The chat screen has the Pact already: its creator is who approves (read from that cache, no new request).
  const pact = useChallenge(message.challengeId).data;
  const proof = message.proof;
  const status = message.proofStatus ?? proof?.status ?? 'pending';
  const name = message.user.firstName || message.user.username;
  const decide = async (approval: 'approved' | 'rejected') => {
    if (!proof) return;
    setBusy(approval);
    await onDecide(proof.id, approval);
    setBusy(null);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-start gap-2">
        <ProofVideo
          src={proof?.videoUrl ?? message.videoUrl}
          poster={proof?.thumbnailUrl}
          label={`Workout proof by ${name}`}
        />
        {proof?.codeWord ? (
          <p className="min-w-32 flex-1 text-xs" data-testid="proof-code-word">
            <span className="block opacity-80">{own ? 'Your code word:' : 'They should say or show:'}</span>
            <span className="block font-black text-base leading-tight tracking-wide">{proof.codeWord}</span>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ProofBadge status={status} />
        {proof?.sample ? (
          <Badge variant="outline" title="A sample clip seeded into the demo, not a recording">
            Demo clip
          </Badge>
        ) : null}
        {proof ? (
          <span className="font-semibold text-xs">
            {proof.value} {exerciseLabel}
          </span>
        ) : null}
        {proof && !proof.counts ? (
          <Badge variant="outline" title="One workout counts per scheduled day, in its start window">
            Counts for nothing
          </Badge>
        ) : null}
      </div>
      {proof?.lookalike ? <Lookalike lookalike={proof.lookalike} /> : null}
      {proof ? (
        <p className="text-xs opacity-80">
          {proofDecisionText({
            status,
            authorId: proof.userId,
            decidedBy: proof.decidedBy,
            creator: pact
              ? { id: pact.creatorId, name: pact.creator.firstName || pact.creator.username }
              : null,
            viewerId: user?.id ?? null,
            canDecide: proof.canDecide,
          })}
        </p>
      ) : null}
      {proof?.canDecide && status === 'pending' ? (
        // Two equal halves of the bubble: side by side they never reach past it on a 320 px phone.
        <div className="grid grid-cols-2 gap-2">
          <Button size="sm" onClick={() => void decide('approved')} disabled={busy !== null}>
            <Check aria-hidden="true" />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void decide('rejected')}
            disabled={busy !== null}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** The earlier proof this video looks like (the server's frame fingerprint), with it to compare when visible. */
function Lookalike({ lookalike }: { lookalike: NonNullable<ChatProof['lookalike']> }) {
  const date = new Date(lookalike.sentAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
  const by = lookalike.by.firstName || lookalike.by.username;
  return (
    <div
      role="note"
      className="flex flex-col gap-1.5 rounded-lg bg-amber-100 p-2 text-amber-950 text-xs dark:bg-amber-900/40 dark:text-amber-50"
    >
      <p className="flex items-center gap-1 font-semibold">
        <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" />
        Looks like a video sent on {date} by {by}
      </p>
      {lookalike.videoUrl ? (
        <ProofVideo src={lookalike.videoUrl} label={`Earlier proof by ${by}, to compare`} />
      ) : (
        <p className="opacity-80">It was sent in another Pact, so it is not shown here.</p>
      )}
    </div>
  );
}
