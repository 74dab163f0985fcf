import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '../../../shared/api/chat';
import type { SignedIn } from '../../test/factories';
import { fakeJpeg, fakeWebm, uploadMediaVia } from '../media/testing';
import { call } from '../pacts/testing';

/** Uploads a proof video (and thumbnail) through tus and posts it as proof; throws unless stored. */
export async function postProof(
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
  extra: { value?: number; withThumbnail?: boolean } = {},
): Promise<ChatMessage> {
  const videoMediaId = await uploadMediaVia(app, who, fakeWebm(3000), {
    kind: 'proof',
    filetype: 'video/webm',
  });
  const thumbnailMediaId = extra.withThumbnail
    ? await uploadMediaVia(app, who, fakeJpeg(), { kind: 'thumbnail', filetype: 'image/jpeg' })
    : undefined;
  const res = await call(app, who, 'POST', `/api/challenges/${pactId}/proofs`, {
    videoMediaId,
    ...(thumbnailMediaId ? { thumbnailMediaId } : {}),
    ...(extra.value === undefined ? {} : { value: extra.value }),
  });
  if (res.status !== 201) throw new Error(`proof failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as ChatMessage;
}

export const decide = (
  app: FastifyInstance,
  who: SignedIn,
  pactId: number,
  proofId: number,
  approval: 'approved' | 'rejected',
) => call(app, who, 'POST', `/api/challenges/${pactId}/approve`, { proofId, approval });
