import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/api/chat';
import { AI_TRAINER_ID } from '../../../shared/api/users';
import { addDays, localDate, WEEKDAYS, weekdayOf } from '../../../shared/domain/time';
import { runDueJobs } from '../../platform/jobs';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { uploadMediaVia } from '../media/testing';
import { call, createPactVia } from '../pacts/testing';
import { settleProgress } from '../progress/testing';
import { CODE_WORD_EXPIRED, CODE_WORD_NOT_YOURS, CODE_WORD_TOO_LATE, CODE_WORD_USED } from './challenges';
import { decide, issueCodeWordVia, postProof, uniqueWebm } from './testing';

/**
 * Proof you can trust (docs/RULES.md): code words, re-used videos, one counted workout a day. Everyone here lives
 * in UTC, and the Pacts are built around the real clock (all day, or a schedule without today), so the server's
 * own clock decides as it does in production.
 */

let t: TestApp;
let dataDir: string;
let creator: SignedIn;
let member: SignedIn;
let other: SignedIn;
let daily: number;

const EVERY_DAY = [...WEEKDAYS];
const today = () => localDate(new Date(), 'UTC');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-trust-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  creator = await signUp(t.app, { firstName: 'Cora' });
  member = await signUp(t.app, { firstName: 'Max' });
  other = await signUp(t.app, { firstName: 'Olga' });
  daily = (await createPactVia(t.app, creator, allDay('Every day'))).id;
  await call(t.app, member, 'POST', `/api/challenges/${daily}/join`);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function allDay(title: string) {
  return { title, workoutTime: null, scheduleDays: EVERY_DAY, totalDays: 30 } as const;
}

const post = (who: SignedIn, pactId: number, body: object) =>
  call(t.app, who, 'POST', `/api/challenges/${pactId}/proofs`, body);
const upload = (who: SignedIn, video = uniqueWebm(3000), filetype = 'video/webm') =>
  uploadMediaVia(t.app, who, video, { kind: 'proof', filetype });

/** A person's figures on a Pact once the decisions' progress recomputes (a job) have run. */
const figures = async (userId: string, pactId: number) => {
  await settleProgress(t.app.ctx);
  return (
    await queryRows<{ completed_value: number; days_done: number; total_xp: number }>(
      t.database.db,
      sql`select p.completed_value, p.days_done, u.total_xp from participations p join users u on u.id = p.user_id
          where p.user_id = ${userId} and p.pact_id = ${pactId}`,
    )
  )[0]!;
};

describe('code words', () => {
  it('issues WORD NN WORD for 15 minutes to active participants only', async () => {
    const issued = await issueCodeWordVia(t.app, member, daily);
    expect(issued.code).toMatch(/^[A-Z]+ \d{2} [A-Z]+$/);
    expect(new Date(issued.expiresAt).getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(issued).toMatchObject({ day: today(), counts: true, notCounted: null });
    const res = await call(t.app, other, 'POST', `/api/challenges/${daily}/proof-challenge`);
    expect(res.status).toBe(403);
  });

  it('refuses a proof without a code word, or with a missing, foreign, used or expired one', async () => {
    const video = await upload(member);
    expect((await post(member, daily, { videoMediaId: video })).status).toBe(400);
    const missing = await post(member, daily, { codeWordId: 2_000_000, videoMediaId: video });
    expect(missing).toMatchObject({ status: 400, body: { message: CODE_WORD_NOT_YOURS } });
    // Another person's code word, and one of another Pact.
    await call(t.app, other, 'POST', `/api/challenges/${daily}/join`);
    const theirs = await issueCodeWordVia(t.app, other, daily);
    const foreign = await post(member, daily, { codeWordId: theirs.id, videoMediaId: video });
    expect(foreign).toMatchObject({ status: 400, body: { message: CODE_WORD_NOT_YOURS } });
    const elsewhere = (await createPactVia(t.app, member, allDay('Elsewhere'))).id;
    const otherPact = await issueCodeWordVia(t.app, member, elsewhere);
    expect((await post(member, daily, { codeWordId: otherPact.id, videoMediaId: video })).status).toBe(400);
    // Issued after the video was uploaded: the video cannot show it.
    const late = await issueCodeWordVia(t.app, member, daily);
    const tooLate = await post(member, daily, { codeWordId: late.id, videoMediaId: video });
    expect(tooLate).toMatchObject({ status: 400, body: { message: CODE_WORD_TOO_LATE } });
    // Expired before the video's upload began.
    const old = await issueCodeWordVia(t.app, member, daily);
    await t.database.db.execute(
      sql`update proof_challenges set created_at = now() - interval '20 minutes', expires_at = now() - interval '5 minutes'
          where id = ${old.id}`,
    );
    const expired = await post(member, daily, { codeWordId: old.id, videoMediaId: await upload(member) });
    expect(expired).toMatchObject({ status: 400, body: { message: CODE_WORD_EXPIRED } });
    // Used once, never again.
    const once = await issueCodeWordVia(t.app, member, daily);
    expect(
      (await post(member, daily, { codeWordId: once.id, videoMediaId: await upload(member) })).status,
    ).toBe(201);
    const again = await post(member, daily, { codeWordId: once.id, videoMediaId: await upload(member) });
    expect(again).toMatchObject({ status: 409, body: { message: CODE_WORD_USED } });
    // Nothing was stored by the refusals: one proof of the member in the Pact.
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from proofs where user_id = ${member.user.id} and pact_id = ${daily}`,
    );
    expect(row!.n).toBe(1);
  });

  it('shows the code word with the proof, for the approver', async () => {
    const pact = (await createPactVia(t.app, creator, allDay('Shown'))).id;
    await call(t.app, member, 'POST', `/api/challenges/${pact}/join`);
    const issued = await issueCodeWordVia(t.app, member, pact);
    const msg = await postProof(t.app, member, pact, { codeWordId: issued.id });
    expect(msg.proof!.codeWord).toBe(issued.code);
    const page = await call(t.app, creator, 'GET', `/api/challenges/${pact}/messages`);
    expect((page.body.items as ChatMessage[])[0]!.proof).toMatchObject({
      codeWord: issued.code,
      canDecide: true,
    });
  });
});

describe('the same video twice', () => {
  it('refuses the same bytes as an earlier proof, by anyone, naming its date', async () => {
    const bytes = uniqueWebm(3000);
    const first = await issueCodeWordVia(t.app, member, daily);
    await t.database.db.execute(
      sql`delete from proofs where user_id = ${member.user.id} and pact_id = ${daily}`,
    );
    expect(
      (await post(member, daily, { codeWordId: first.id, videoMediaId: await upload(member, bytes) })).status,
    ).toBe(201);
    const theirs = (await createPactVia(t.app, other, allDay('Olga alone'))).id;
    const code = await issueCodeWordVia(t.app, other, theirs);
    const res = await post(other, theirs, { codeWordId: code.id, videoMediaId: await upload(other, bytes) });
    expect(res.status).toBe(409);
    const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(),
    );
    expect(res.body.message).toBe(`This video was already sent as proof on ${date}`);
    // The refused proof left its code word unused.
    expect(
      (await post(other, theirs, { codeWordId: code.id, videoMediaId: await upload(other) })).status,
    ).toBe(201);
  });
});

describe('one counted workout a day', () => {
  it('counts the first proof of the day once; a second one is a chat post that counts for nothing', async () => {
    const pact = (await createPactVia(t.app, creator, allDay('Once a day'))).id;
    await call(t.app, member, 'POST', `/api/challenges/${pact}/join`);
    const before = await figures(member.user.id, pact);
    const first = await postProof(t.app, member, pact, { value: 20 });
    expect(first.proof).toMatchObject({ counts: true, recordedDay: today() });
    expect((await decide(t.app, creator, pact, first.proof!.id, 'approved')).status).toBe(200);
    const counted = await figures(member.user.id, pact);
    expect(counted.completed_value).toBe(before.completed_value + 20);
    expect(counted.days_done).toBe(1);
    expect(counted.total_xp).toBeGreaterThan(before.total_xp);

    // Before recording again, the screen is told; the proof is stored, and counts for nothing.
    const next = await issueCodeWordVia(t.app, member, pact);
    expect(next).toMatchObject({ counts: false, notCounted: 'already_counted', day: today() });
    const second = await postProof(t.app, member, pact, { value: 50, codeWordId: next.id });
    expect(second.proof).toMatchObject({ counts: false, status: 'pending' });
    expect((await decide(t.app, creator, pact, second.proof!.id, 'approved')).status).toBe(200);
    expect(await figures(member.user.id, pact)).toEqual(counted);
  });

  it('lets a proof count again once the counted one was rejected', async () => {
    const pact = (await createPactVia(t.app, creator, allDay('Retry'))).id;
    await call(t.app, member, 'POST', `/api/challenges/${pact}/join`);
    const first = await postProof(t.app, member, pact);
    expect((await decide(t.app, creator, pact, first.proof!.id, 'rejected')).status).toBe(200);
    expect(await issueCodeWordVia(t.app, member, pact)).toMatchObject({ counts: true });
  });

  it('counts nothing on a day the Pact does not schedule, or outside its start window', async () => {
    const notToday = EVERY_DAY.filter(
      (d) => d !== weekdayOf(today()) && d !== weekdayOf(addDays(today(), 1)),
    );
    const off = (await createPactVia(t.app, creator, { ...allDay('Not today'), scheduleDays: notToday })).id;
    await call(t.app, member, 'POST', `/api/challenges/${off}/join`);
    const issued = await issueCodeWordVia(t.app, member, off);
    expect(issued).toMatchObject({ counts: false, notCounted: 'not_scheduled' });
    const before = await figures(member.user.id, off);
    const msg = await postProof(t.app, member, off, { codeWordId: issued.id });
    expect(msg.proof!.counts).toBe(false);
    await decide(t.app, creator, off, msg.proof!.id, 'approved');
    expect(await figures(member.user.id, off)).toEqual(before);

    // A workout time six hours from now: today is scheduled, but now is not in its window.
    const later = new Date(Date.now() + 6 * 3600_000);
    const hhmm = `${String(later.getUTCHours()).padStart(2, '0')}:${String(later.getUTCMinutes()).padStart(2, '0')}`;
    const timed = (await createPactVia(t.app, creator, { ...allDay('Timed'), workoutTime: hhmm })).id;
    await call(t.app, member, 'POST', `/api/challenges/${timed}/join`);
    const outside = await issueCodeWordVia(t.app, member, timed);
    expect(outside).toMatchObject({ counts: false, notCounted: 'outside_window' });
    const posted = await postProof(t.app, member, timed, { codeWordId: outside.id });
    expect(posted.proof!.counts).toBe(false);
  });

  it("counts one of ten proofs sent within a minute in the AI trainer's Pact, each approved at once", async () => {
    const farmer = await signUp(t.app, { firstName: 'Fay' });
    const [row] = await queryRows<{ id: number; target_value: number }>(
      t.database.db,
      sql`select id, target_value from pacts where creator_id = ${AI_TRAINER_ID} order by id limit 1`,
    );
    const trainerPact = row!.id;
    expect((await call(t.app, farmer, 'POST', `/api/challenges/${trainerPact}/join`)).status).toBe(200);
    const before = await figures(farmer.user.id, trainerPact);
    const proofs: ChatMessage[] = [];
    for (let i = 0; i < 10; i++) proofs.push(await postProof(t.app, farmer, trainerPact, { value: 10 }));
    expect(proofs.every((m) => m.proof!.status === 'approved')).toBe(true);
    expect(proofs.filter((m) => m.proof!.counts)).toHaveLength(1);
    const after = await figures(farmer.user.id, trainerPact);
    expect(after.completed_value).toBe(before.completed_value + 10);
    expect(after.days_done).toBe(1);
    const oneProofXp = after.total_xp;
    expect(oneProofXp).toBeGreaterThan(0);
    const single = await signUp(t.app, { firstName: 'Sol' });
    await call(t.app, single, 'POST', `/api/challenges/${trainerPact}/join`);
    await postProof(t.app, single, trainerPact, { value: 10 });
    expect((await figures(single.user.id, trainerPact)).total_xp).toBe(oneProofXp);
  });
});

const FAST_VP8 = ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8'];
const hasFfmpeg = spawnSync(process.env.FFMPEG_PATH || 'ffmpeg', ['-version']).status === 0;
/**
 * A 4 s camera-like clip made here by ffmpeg (detailed moving pictures: the app's bundled exercise clips are flat
 * illustrations whose tiny gray frames read as flat and are not compared).
 */
const CLIP_SOURCES: Record<string, string> = {
  'squats.mp4': 'testsrc2=size=360x640:rate=24',
  'burpees.mp4': 'mandelbrot=size=360x640:rate=24',
};
const sample = (name: string) => {
  const made = spawnSync(
    process.env.FFMPEG_PATH || 'ffmpeg',
    [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      CLIP_SOURCES[name]!,
      '-t',
      '4',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mp4',
      '-movflags',
      'frag_keyframe+empty_moov',
      '-',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make ${name}: ${made.stderr}`);
  return made.stdout;
};

describe.skipIf(!hasFfmpeg)('near-duplicates (frames fingerprinted on the server)', () => {
  it('marks a re-encoded copy of an earlier proof for the approvers, and leaves a different video alone', async () => {
    const copy = path.join(dataDir, 'squats-copy.webm');
    const made = spawnSync(
      'ffmpeg',
      ['-v', 'error', '-y', '-i', '-', '-c:v', 'libvpx', '-b:v', '150k', copy],
      {
        input: sample('squats.mp4'),
      },
    );
    expect(made.status).toBe(0);
    const fingerprint = () => runDueJobs(t.app.ctx, { names: ['proofs.fingerprint'] });

    const pact = (await createPactVia(t.app, creator, allDay('Lookalikes'))).id;
    await call(t.app, member, 'POST', `/api/challenges/${pact}/join`);
    await call(t.app, other, 'POST', `/api/challenges/${pact}/join`);
    const original = await postProof(t.app, member, pact, {
      video: sample('squats.mp4'),
      filetype: 'video/mp4',
    });
    await fingerprint();
    const lookalike = await postProof(t.app, other, pact, { video: fs.readFileSync(copy) });
    const different = await postProof(t.app, creator, pact, {
      video: sample('burpees.mp4'),
      filetype: 'video/mp4',
    });
    await fingerprint();

    const page = await call(t.app, creator, 'GET', `/api/challenges/${pact}/messages`);
    const byId = new Map((page.body.items as ChatMessage[]).map((m) => [m.id, m.proof]));
    expect(byId.get(lookalike.id)!.lookalike).toEqual({
      proofId: original.proof!.id,
      sentAt: original.proof!.createdAt,
      by: expect.objectContaining({ id: member.user.id, firstName: 'Max' }),
      videoUrl: original.proof!.videoUrl,
    });
    expect(byId.get(original.id)!.lookalike).toBeNull();
    expect(byId.get(different.id)!.lookalike).toBeNull();

    // Another person's copy in another Pact is marked too, without showing that Pact's video.
    const elsewhere = (await createPactVia(t.app, other, allDay('Olga again'))).id;
    const copy2 = path.join(dataDir, 'squats-copy2.webm');
    spawnSync('ffmpeg', ['-v', 'error', '-y', '-i', copy, ...FAST_VP8, '-b:v', '100k', copy2]);
    const far = await postProof(t.app, other, elsewhere, { video: fs.readFileSync(copy2) });
    await fingerprint();
    const own = await call(t.app, other, 'GET', `/api/challenges/${elsewhere}/messages`);
    const farProof = (own.body.items as ChatMessage[]).find((m) => m.id === far.id)!.proof!;
    expect(farProof.lookalike).toMatchObject({
      by: expect.objectContaining({ id: member.user.id }),
      videoUrl: null,
    });
  }, 120_000);
});
