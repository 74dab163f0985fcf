import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sendOk } from '../modules/chat/testing';
import { fakeWebm, tusHeaders, uploadMediaVia } from '../modules/media/testing';
import { befriend, call } from '../modules/pacts/testing';
import { issueCodeWordVia, uniqueWebm } from '../modules/proofs/testing';
import { ORIGIN, type SignedIn, signUp } from '../test/factories';

/** The people of the authorization matrix, each relative to the creator `C` and their friends-only Pact. */
export const ACTORS = [
  'anonymous',
  'stranger',
  'friend',
  'pendingFriend',
  'participant',
  'creator',
  'blocked',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];

export const ADMIN_EMAIL = 'matrix-admin@example.com';

/** The world every cell of the matrix is asked in: real rows, real ids. */
export interface MatrixFixture {
  who: Record<Exclude<Actor, 'anonymous'>, SignedIn>;
  /** A second requester waiting on the creator (declined by the decline cell). */
  otherPending: SignedIn;
  /** Friends-only Pact of the creator; the participant joined it and posted a message and a proof. */
  pact: number;
  /** A second such Pact, for the cells that leave or delete. */
  spare: number;
  messageId: number;
  proofId: number;
  /** The creator's tutorial file on `pact`, and the participant's proof video in it. */
  tutorialMediaId: string;
  proofVideoId: string;
  /** A ready video of each poster, for the proof cells. */
  freshVideo: Partial<Record<Actor, string>>;
  /** A code word of each poster for `pact` (issued before its fresh video), for the proof cells. */
  codeWord: Partial<Record<Actor, number>>;
  /** An unfinished upload of the participant. */
  uploadId: string;
  /** The creator's Pro team (of a Pro Pact), with no members until the subscribe cell. */
  teamId: number;
  /** An open report (by the friend, on `pact`) and the creator's pending deletion request. */
  reportId: number;
  deletionRequestId: number;
  /** A second session of the creator (another device), for the cell that signs one device out. */
  creatorOtherSession: string;
}

async function ok<T extends { status: number; body: unknown }>(what: string, res: Promise<T>): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`fixture: ${what} answered ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

export async function buildMatrixFixture(app: FastifyInstance): Promise<MatrixFixture> {
  const tag = randomBytes(3).toString('hex');
  const [creator, stranger, friend, pendingFriend, participant, blocked, admin, otherPending] =
    await Promise.all([
      signUp(app, { firstName: 'Creator' }),
      signUp(app, { firstName: 'Stranger' }),
      signUp(app, { firstName: 'Friend' }),
      signUp(app, { firstName: 'Pending' }),
      signUp(app, { firstName: 'Participant' }),
      signUp(app, { firstName: 'Blocked' }),
      signUp(app, { firstName: 'Admin', email: ADMIN_EMAIL }),
      signUp(app, { firstName: 'Pending2', email: `pending2-${tag}@example.com` }),
    ]);
  await befriend(app, friend, creator);
  await befriend(app, participant, creator);
  await ok('friend request', call(app, pendingFriend, 'POST', `/api/users/${creator.user.id}/friend`));
  await ok('friend request 2', call(app, otherPending, 'POST', `/api/users/${creator.user.id}/friend`));
  await ok('block', call(app, creator, 'POST', `/api/users/${blocked.user.id}/block`));

  const tutorialMediaId = await uploadMediaVia(app, creator, fakeWebm(3000), {
    kind: 'tutorial',
    filetype: 'video/webm',
  });
  const pactBody = (title: string, tutorial?: string) => ({
    exerciseType: 'squats',
    targetValue: 20,
    title,
    visibility: 'friends',
    totalDays: 7,
    scheduleDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    isCustom: false,
    ...(tutorial ? { tutorialVideoUrl: `/media/${tutorial}` } : {}),
  });
  const pact = (
    await ok('pact', call(app, creator, 'POST', '/api/challenges', pactBody('Matrix', tutorialMediaId)))
  ).body.id as number;
  const spare = (await ok('spare', call(app, creator, 'POST', '/api/challenges', pactBody('Matrix spare'))))
    .body.id as number;
  const pro = await ok(
    'pro pact',
    call(app, creator, 'POST', '/api/challenges', {
      ...pactBody('Matrix team'),
      visibility: 'pro',
      teamName: 'Matrix team',
      teamDescription: 'A team of the matrix',
      monthlyPrice: 19,
    }),
  );
  await ok('join', call(app, participant, 'POST', `/api/challenges/${pact}/join`));
  await ok('join spare', call(app, participant, 'POST', `/api/challenges/${spare}/join`));
  const message = await sendOk(app, participant, pact, 'matrix hello');
  const firstCodeWord = (await issueCodeWordVia(app, participant, pact)).id;
  const proofVideoId = await uploadMediaVia(app, participant, uniqueWebm(3000), {
    kind: 'proof',
    filetype: 'video/webm',
  });
  const proof = await ok(
    'proof',
    call(app, participant, 'POST', `/api/challenges/${pact}/proofs`, {
      codeWordId: firstCodeWord,
      videoMediaId: proofVideoId,
    }),
  );
  const freshVideo: Partial<Record<Actor, string>> = {};
  const codeWord: Partial<Record<Actor, number>> = {};
  for (const [actor, who] of [
    ['participant', participant],
    ['creator', creator],
  ] as const) {
    codeWord[actor] = (await issueCodeWordVia(app, who, pact)).id;
    freshVideo[actor] = await uploadMediaVia(app, who, uniqueWebm(2500), {
      kind: 'proof',
      filetype: 'video/webm',
    });
  }
  const upload = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(participant, { 'upload-length': '4000' }, { kind: 'proof', filetype: 'video/webm' }),
  });
  const uploadId = String(upload.headers.location).split('/').pop()!;
  await ok(
    'report',
    call(app, friend, 'POST', `/api/challenges/${pact}/report`, { reason: 'Misleading and spammy Pact' }),
  );
  const queue = await ok('queue', call(app, admin, 'GET', '/api/admin/reports'));
  const reportId = (queue.body as { items: { id: number }[] }).items[0]!.id;
  const deletion = await app.inject({
    method: 'POST',
    url: '/api/data-deletion-request',
    headers: { ...creator.headers, origin: ORIGIN },
    payload: { dataTypes: ['chat'], contactEmail: creator.user.email, fullAccountDeletion: false },
  });
  const otherDevice = await app.inject({
    method: 'POST',
    url: '/api/auth/email',
    headers: { origin: ORIGIN },
    payload: { email: creator.user.email, password: 'correct horse battery' },
  });
  if (otherDevice.statusCode !== 200)
    throw new Error(`fixture: second sign-in answered ${otherDevice.statusCode}`);
  const devices = await app.inject({ url: '/api/auth/sessions', headers: creator.headers });
  const creatorOtherSession = (devices.json().sessions as { id: string; current: boolean }[]).find(
    (s) => !s.current,
  )!.id;
  return {
    creatorOtherSession,
    who: { stranger, friend, pendingFriend, participant, creator, blocked, admin },
    otherPending,
    pact,
    spare,
    teamId: (pro.body as { teamId: number }).teamId,
    messageId: message.id,
    proofId: (proof.body as { proof: { id: number } }).proof.id,
    tutorialMediaId,
    proofVideoId,
    freshVideo,
    codeWord,
    uploadId,
    reportId,
    deletionRequestId: deletion.json().id,
  };
}
