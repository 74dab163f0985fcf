import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, sessionUserOf, signUp } from '../../test/factories';
import { lapseSubscription } from '../teams/testing';
import { pactAccess, visiblePact } from './read-service';
import { befriend, call, createPactVia } from './testing';

/**
 * pactAccess (the chat's lean read, prepared.ts) answers as visiblePact does for its columns: the same 404 for
 * every Pact the caller may not see, the same participation and team access otherwise. The expectations are written
 * by hand, and each cell is also compared with visiblePact's answer, so a lean read that lets in too much fails.
 */

let t: TestApp;
const who: Record<string, SignedIn> = {};
const pact: Record<string, number> = {};

type Answer = number | { myStatus: string | null; teamAccess: boolean };

/** What a read answers: its status code when it refuses, else the facts the chat acts on. */
async function answer(
  read: () => Promise<{ creatorId: string; myStatus: string | null; teamAccess: boolean }>,
) {
  try {
    const { myStatus, teamAccess } = await read();
    return { myStatus, teamAccess } as Answer;
  } catch (err) {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  }
}

const lean = (user: string, pactId: number) =>
  answer(() => pactAccess(t.app.ctx, sessionUserOf(who[user]!), pactId));
const full = (user: string, pactId: number) =>
  answer(async () => {
    const row = await visiblePact(t.app.ctx, sessionUserOf(who[user]!), pactId);
    // As the chat reads the full row: a Pact without a team needs no team access.
    return {
      creatorId: row.pact.creatorId,
      myStatus: row.myStatus,
      teamAccess: row.team?.id == null || row.teamAccess,
    };
  });

const hidden404 = 404;
const reader = (myStatus: string | null = null, teamAccess = true) => ({ myStatus, teamAccess });

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'coach', 'member', 'lapsed'])
    who[name] = await signUp(t.app, { firstName: name });
  const u = who as Record<string, SignedIn>;
  await befriend(t.app, u.alice!, u.carol!);
  pact.private = (await createPactVia(t.app, u.alice!, { visibility: 'private' })).id;
  pact.public = (await createPactVia(t.app, u.alice!, {})).id;
  pact.friends = (await createPactVia(t.app, u.alice!, { visibility: 'friends' })).id;
  pact.hidden = (await createPactVia(t.app, u.alice!, {})).id;
  pact.deleted = (await createPactVia(t.app, u.alice!, {})).id;
  const pro = await createPactVia(t.app, u.coach!, {
    visibility: 'pro',
    teamName: 'Crew',
    teamDescription: 'Coached',
  });
  pact.pro = pro.id;
  pact.missing = 999_999;

  const ok = async (user: string, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    expect((await call(t.app, u[user]!, method, path, body)).status).toBe(200);
  // dave stays in the Pact that gets hidden; frank joins and leaves it; erin and alice block each other.
  await ok('dave', 'POST', `/api/challenges/${pact.hidden}/join`);
  await ok('frank', 'POST', `/api/challenges/${pact.hidden}/join`);
  await ok('frank', 'POST', `/api/challenges/${pact.public}/join`);
  await ok('alice', 'PATCH', `/api/challenges/${pact.hidden}`, { isHidden: true });
  await ok('frank', 'POST', `/api/challenges/${pact.hidden}/leave`);
  await ok('frank', 'POST', `/api/challenges/${pact.public}/leave`);
  await ok('erin', 'POST', `/api/challenges/${pact.public}/join`);
  await ok('erin', 'POST', `/api/users/${u.alice!.user.id}/block`);
  await ok('alice', 'DELETE', `/api/challenges/${pact.deleted}`);

  // member: a live trial; lapsed: joined on a trial that has since ended.
  const soon = new Date(Date.now() + 7 * 86_400_000);
  for (const name of ['member', 'lapsed']) {
    await t.database.db.insert(subscriptions).values({
      teamId: pro.teamId!,
      userId: u[name]!.user.id,
      status: 'trialing',
      priceCents: 2900,
      currentPeriodEnd: soon,
      trialEndsAt: soon,
      provider: 'test',
    });
    await ok(name, 'POST', `/api/challenges/${pact.pro}/join`);
  }
  await lapseSubscription(t.database.db, u.lapsed!.user.id, pro.teamId!);
});
afterAll(() => t?.close());

describe('pactAccess, the lean access read', () => {
  it('refuses, with the same 404, every Pact visiblePact refuses, and answers the rest as it does', async () => {
    const expected: Record<string, Record<string, Answer>> = {
      alice: {
        private: reader('active'),
        public: reader('active'),
        friends: reader('active'),
        hidden: reader('active'),
        deleted: hidden404,
        pro: reader(null, false),
        missing: hidden404,
      },
      bob: {
        private: hidden404,
        public: reader(),
        friends: hidden404,
        hidden: hidden404,
        deleted: hidden404,
        pro: reader(null, false),
        missing: hidden404,
      },
      carol: { private: hidden404, friends: reader(), hidden: hidden404 },
      dave: { private: hidden404, hidden: reader('active'), public: reader() },
      // Left: no longer a participant, so a hidden Pact is gone and a public one is read as a visitor.
      frank: { hidden: hidden404, public: reader() },
      // Blocked with the creator (either way): every one of the creator's Pacts is 404, joined or not.
      erin: { private: hidden404, public: hidden404, friends: hidden404, hidden: hidden404 },
      coach: { pro: reader('active'), public: reader() },
      member: { pro: reader('active') },
      // The card stays visible to a member whose access ended; the chat then refuses on `teamAccess`.
      lapsed: { pro: reader('active', false), private: hidden404 },
    };
    for (const [user, cells] of Object.entries(expected)) {
      for (const [name, want] of Object.entries(cells)) {
        const id = pact[name]!;
        const got = await lean(user, id);
        expect(got, `${user} x ${name}`).toEqual(want);
        expect(got, `${user} x ${name} as visiblePact`).toEqual(await full(user, id));
      }
    }
  });

  it('answers the creator and the Pact id it was asked about', async () => {
    const access = await pactAccess(t.app.ctx, sessionUserOf(who.dave!), pact.hidden!);
    expect(access).toEqual({
      pactId: pact.hidden,
      creatorId: who.alice!.user.id,
      myStatus: 'active',
      teamAccess: true,
    });
    await expect(pactAccess(t.app.ctx, sessionUserOf(who.bob!), pact.private!)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Pact not found',
    });
  });

  it('shows a block, an unfriending and a lifted block on the very next read (a shared prepared statement)', async () => {
    const u = who as Record<string, SignedIn>;
    expect(await lean('carol', pact.friends!)).toEqual(reader());
    expect((await call(t.app, u.carol!, 'DELETE', `/api/users/${u.alice!.user.id}/friend`)).status).toBe(200);
    expect(await lean('carol', pact.friends!)).toBe(404);
    expect(await lean('bob', pact.public!)).toEqual(reader());
    expect((await call(t.app, u.alice!, 'POST', `/api/users/${u.bob!.user.id}/block`)).status).toBe(200);
    expect(await lean('bob', pact.public!)).toBe(404);
    expect((await call(t.app, u.alice!, 'DELETE', `/api/users/${u.bob!.user.id}/block`)).status).toBe(200);
    expect(await lean('bob', pact.public!)).toEqual(reader());
  });
});
