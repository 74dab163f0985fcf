import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '../../../shared/api/chat';
import type { ProofChallenge } from '../../../shared/api/proofs';
import type { SignedIn } from '../../test/factories';
import { fakeJpeg, fakeWebm, uploadMediaVia } from '../media/testing';
import { call } from '../pacts/testing';

/** A webm of `size` bytes whose last 16 are random: a different video for the same-bytes rule each time. */
export function uniqueWebm(size: number): Buffer {
  const video = fakeWebm(size);
  randomBytes(16).copy(video, size - 16);
  return video;
}

/** Uploads a proof video (and thumbnail) through tus and posts it as proof; throws unless stored. */
export async function postProof(
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
  extra: {
    value?: number;
    withThumbnail?: boolean;
    codeWordId?: number;
    video?: Buffer;
    filetype?: string;
  } = {},
): Promise<ChatMessage> {
  const codeWordId = extra.codeWordId ?? (await issueCodeWordVia(app, who, pactId)).id;
  const videoMediaId = await uploadMediaVia(app, who, extra.video ?? uniqueWebm(3000), {
    kind: 'proof',
    filetype: extra.filetype ?? 'video/webm',
  });
  const thumbnailMediaId = extra.withThumbnail
    ? await uploadMediaVia(app, who, fakeJpeg(), { kind: 'thumbnail', filetype: 'image/jpeg' })
    : undefined;
  const res = await call(app, who, 'POST', `/api/challenges/${pactId}/proofs`, {
    codeWordId,
    videoMediaId,
    ...(thumbnailMediaId ? { thumbnailMediaId } : {}),
    ...(extra.value === undefined ? {} : { value: extra.value }),
  });
  if (res.status !== 201) throw new Error(`proof failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ChatMessage;
}

/** Asks for a code word for the next recording (what the camera does when recording starts). */
export async function issueCodeWordVia(
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
): Promise<ProofChallenge> {
  const res = await call(app, who, 'POST', `/api/challenges/${pactId}/proof-challenge`);
  if (res.status !== 201) throw new Error(`code word failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ProofChallenge;
}

export const decide = (
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
  proofId: number,
  approval: 'approved' | 'rejected',
) => call(app, who, 'POST', `/api/challenges/${pactId}/approve`, { proofId, approval });
