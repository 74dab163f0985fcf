import type { ChatMessage, ProofStatus } from '@shared/api/chat';
import { Check, X } from 'lucide-react';
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
  exerciseLabel,
  onDecide,
}: {
  message: ChatMessage;
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
      <ProofVideo
        src={proof?.videoUrl ?? message.videoUrl}
        poster={proof?.thumbnailUrl}
        label={`Workout proof by ${name}`}
      />
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
      </div>
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
        <div className="flex gap-2">
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
