import type { ChatMessage } from '@shared/api/chat';
import type { CreateProofBody } from '@shared/api/proofs';
import { postProof } from '../../api/proofs';
import { holdPage } from '../../lib/leave-guard';
import { uploadFile } from '../../lib/upload';
import { combinedProgress } from './camera-logic';
import { captureThumbnail } from './thumbnail';

export interface SendProofInput {
  challengeId: number;
  video: Blob;
  /** Reps or seconds claimed. */
  value: number;
  /** The code word said or shown in the video. */
  codeWordId: number;
  /** The same key on a retry, so a proof whose answer was lost is stored once. */
  clientKey: string;
  onProgress?: (share: number) => void;
  signal?: AbortSignal;
}

/**
 * One implementation for the chat's camera panel and /live: capture the poster, upload video (kind 'proof') and
 * poster (kind 'thumbnail') with tus (a dropped connection resumes), then post the proof. A poster that cannot be
 * made or uploaded does not block the proof.
 */
export async function sendProof(input: SendProofInput): Promise<ChatMessage> {
  // From the first step (the poster) to the posted proof, leaving the page asks first (lib/leave-guard.ts).
  const release = holdPage();
  try {
    return await uploadAndPost(input);
  } finally {
    release();
  }
}

async function uploadAndPost(input: SendProofInput): Promise<ChatMessage> {
  const poster = await captureThumbnail(input.video);
  const parts = [
    { sent: 0, total: input.video.size },
    { sent: 0, total: poster?.size ?? 0 },
  ];
  const progress = (index: number) => (sent: number, total: number) => {
    parts[index] = { sent, total };
    input.onProgress?.(combinedProgress(parts));
  };
  const [video, thumbnail] = await Promise.all([
    uploadFile(input.video, { kind: 'proof', onProgress: progress(0), signal: input.signal }),
    poster
      ? uploadFile(poster, { kind: 'thumbnail', onProgress: progress(1), signal: input.signal }).catch(
          () => null,
        )
      : Promise.resolve(null),
  ]);
  input.onProgress?.(1);
  const body: CreateProofBody = {
    codeWordId: input.codeWordId,
    videoMediaId: video.mediaId,
    value: input.value,
    clientKey: input.clientKey,
    ...(thumbnail ? { thumbnailMediaId: thumbnail.mediaId } : {}),
  };
  return postProof(input.challengeId, body);
}
