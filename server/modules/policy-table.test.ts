import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Friend } from '../../shared/api/users';
import { pacts, participations, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { type SignedIn, signUp } from '../test/factories';
import { openSocket, type TestSocket, wsUrl } from './chat/testing';
import { tryDemo } from './leaderboard/testing';
import { canSeePact } from './pacts/access';
import { seedPact } from './pacts/bookkeeping';
import { mayJoin, pactVisibleTo } from './pacts/policy';
import { befriend, call, createPactVia } from './pacts/testing';
import { userHasTeamAccess } from './teams/service';

/**
 * Who may see and join a Pact, as one table: actor x Pact x action. Each "see" cell is checked three ways that
 * must agree: the service predicate (canSeePact: the rule on the Pact's facts), the SQL filter (pactVisibleTo in
 * a query over every Pact) and the socket gateway (subscribing to the Pact's room). "join" is the membership
 * rule on top of seeing. The expectations are written out by hand from docs/PACTS.md, not computed from the rule.
 */

type Actor =
  | 'anonymous'
  | 'stranger'
  | 'friend'
  | 'pendingFriend'
  | 'invitedFriend'
  | 'participant'
  | 'creator'
  | 'blocked'
  | 'admin'
  | 'demoMember';
type Resource =
  | 'private'
  | 'public'
  | 'friends'
  | 'pro'
  | 'private hidden'
  | 'public hidden'
  | 'friends hidden'
  | 'pro hidden'
  | 'demo public'
  | 'demo friends';

const ACTORS: Actor[] = [
  'anonymous',
  'stranger',
  'friend',
  'pendingFriend',
  'invitedFriend',
  'participant',
  'creator',
  'blocked',
  'admin',
  'demoMember',
];

/**
 * "S" sees, "J" sees and may join, "-" neither. `pendingFriend` asked the creator to be friends and got no
 * answer; `invitedFriend` was asked by the creator and did not answer: a request grants nothing, so both read as
 * strangers. `participant` joined every Pact of the creator (private and Pro ones before the rules applied to
 * them, as if they were let in earlier), then `blocked` joined too and was blocked by the creator (a block beats
 * a participation). The demo Pacts belong to a Try Demo sandbox that
 * `demoMember` is the visitor of; nobody else is in it.
 */
// biome-ignore format: a table reads best with its columns aligned.
const TABLE: Record<Resource, Record<Actor, '-' | 'S' | 'J'>> = {
  private:          { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: 'J', creator: 'J', blocked: '-', admin: '-', demoMember: '-' },
  public:           { anonymous: '-', stranger: 'J', friend: 'J', pendingFriend: 'J', invitedFriend: 'J', participant: 'J', creator: 'J', blocked: '-', admin: 'J', demoMember: 'J' },
  friends:          { anonymous: '-', stranger: '-', friend: 'J', pendingFriend: '-', invitedFriend: '-', participant: 'J', creator: 'J', blocked: '-', admin: '-', demoMember: '-' },
  // A Pro Pact is seen by anyone but joined only with team access: the coach (its creator) here.
  pro:              { anonymous: '-', stranger: 'S', friend: 'S', pendingFriend: 'S', invitedFriend: 'S', participant: 'S', creator: 'J', blocked: '-', admin: 'S', demoMember: 'S' },
  // Hidden: its creator and participants still see it; nobody else.
  'private hidden': { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: 'J', creator: 'J', blocked: '-', admin: '-', demoMember: '-' },
  'public hidden':  { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: 'J', creator: 'J', blocked: '-', admin: '-', demoMember: '-' },
  'friends hidden': { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: 'J', creator: 'J', blocked: '-', admin: '-', demoMember: '-' },
  'pro hidden':     { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: 'S', creator: 'J', blocked: '-', admin: '-', demoMember: '-' },
  // A demo account's Pacts stay in its sandbox, whatever their visibility.
  'demo public':    { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: '-', creator: '-', blocked: '-', admin: '-', demoMember: 'J' },
  'demo friends':   { anonymous: '-', stranger: '-', friend: '-', pendingFriend: '-', invitedFriend: '-', participant: '-', creator: '-', blocked: '-', admin: '-', demoMember: 'J' },
};

let t: TestApp;
const who = {} as Record<Exclude<Actor, 'anonymous'>, SignedIn>;
const pactIds = {} as Record<Resource, number>;
const sockets = {} as Record<Exclude<Actor, 'anonymous'>, TestSocket>;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  for (const actor of [
    'stranger',
    'friend',
    'pendingFriend',
    'invitedFriend',
    'participant',
    'creator',
    'blocked',
    'admin',
  ] as const)
    who[actor] = await signUp(t.app, { firstName: actor });
  who.demoMember = await tryDemo(t.app);
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, who.admin.user.id));
  await befriend(t.app, who.creator, who.friend);
  await befriend(t.app, who.creator, who.blocked);
  for (const [from, to] of [
    [who.pendingFriend, who.creator],
    [who.creator, who.invitedFriend],
  ] as const) {
    const asked = await call(t.app, from, 'POST', `/api/users/${to.user.id}/friend`);
    expect(asked.body.friendship).toBe('requested');
  }

  for (const visibility of ['private', 'public', 'friends', 'pro'] as const) {
    const extra = visibility === 'pro' ? { teamName: 'Team', teamDescription: 'Train with me' } : {};
    for (const hidden of [false, true]) {
      const pact = await createPactVia(t.app, who.creator, { visibility, title: `${visibility}`, ...extra });
      pactIds[(hidden ? `${visibility} hidden` : visibility) as Resource] = pact.id;
      for (const member of [who.participant, who.blocked])
        await db
          .insert(participations)
          .values({ userId: member.user.id, pactId: pact.id, startDay: '2020-01-01' });
      if (hidden) await call(t.app, who.creator, 'PATCH', `/api/challenges/${pact.id}`, { isHidden: true });
    }
  }
  await call(t.app, who.creator, 'POST', `/api/users/${who.blocked.user.id}/block`);

  // The visitor's sandbox: its friends-only Pacts, and a public one made by one of its sample friends.
  const sampleIds = ((await call(t.app, who.demoMember, 'GET', '/api/user/friends')).body as Friend[]).map(
    (f) => f.id,
  );
  const [sandboxPact] = await db
    .select({ id: pacts.id, creatorId: pacts.creatorId })
    .from(pacts)
    .where(inArray(pacts.creatorId, sampleIds));
  pactIds['demo friends'] = sandboxPact!.id;
  pactIds['demo public'] = await seedPact(
    db,
    {
      title: 'Sandbox public',
      creatorId: sandboxPact!.creatorId,
      exerciseType: 'squats',
      targetValue: 10,
      scheduleDays: ['monday'],
      totalDays: 10,
      visibility: 'public',
    },
    [],
  );

  const url = await wsUrl(t.app);
  for (const actor of Object.keys(who) as (keyof typeof who)[])
    sockets[actor] = await openSocket(url, who[actor]);
});
afterAll(async () => {
  for (const socket of Object.values(sockets)) socket.close();
  await t?.close();
});

const idOf = (actor: Actor) => (actor === 'anonymous' ? null : who[actor].user.id);

describe.each(Object.keys(TABLE) as Resource[])('a %s Pact', (resource) => {
  it.each(ACTORS)('%s: the predicate, the SQL filter and the gateway agree with the table', async (actor) => {
    const pactId = pactIds[resource];
    const cell = TABLE[resource][actor];
    const see = cell !== '-';

    expect(await canSeePact(t.app.ctx, idOf(actor), pactId), 'service predicate').toBe(see);

    const visible = await t.database.db
      .select({ id: pacts.id })
      .from(pacts)
      .where(pactVisibleTo(idOf(actor)));
    expect(
      visible.some((row) => row.id === pactId),
      'SQL filter',
    ).toBe(see);

    if (actor === 'anonymous') {
      // Nobody signed out holds a socket at all.
      await expect(openSocket(await wsUrl(t.app), null)).rejects.toThrow('HTTP 401');
    } else {
      const socket = sockets[actor];
      socket.send({ type: 'subscribe', challengeId: pactId });
      const answer = await socket.next(
        (f) =>
          (f.type === 'subscribed' || f.type === 'error') && 'challengeId' in f && f.challengeId === pactId,
      );
      // A team's room also needs team access (the card is visible to all; its chat is the team's).
      const [row] = await t.database.db.select().from(pacts).where(eq(pacts.id, pactId));
      const roomOpen =
        see &&
        (row!.teamId == null ||
          (await userHasTeamAccess(t.app.ctx, idOf(actor)!, { id: row!.teamId, coachId: row!.creatorId })));
      expect(answer.type, 'gateway canSubscribe').toBe(roomOpen ? 'subscribed' : 'error');
      socket.frames.length = 0;
    }

    if (actor !== 'anonymous') {
      const [pact] = await t.database.db.select().from(pacts).where(eq(pacts.id, pactId));
      const access =
        pact!.teamId != null &&
        (await userHasTeamAccess(t.app.ctx, idOf(actor)!, { id: pact!.teamId, coachId: pact!.creatorId }));
      expect(see && mayJoin(idOf(actor)!, pact!, access), 'membership rule').toBe(cell === 'J');
      // And what the API answers, which reads through the same SQL filter.
      const res = await call(t.app, who[actor], 'GET', `/api/challenges/${pactId}`);
      expect(res.status, 'API').toBe(see ? 200 : 404);
    }
  });
});
