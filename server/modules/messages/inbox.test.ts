import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, DirectMessage } from '../../../shared/api/messages';
import type { Challenge } from '../../../shared/api/pacts';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { call, createProPactVia } from '../pacts/testing';
import { subscribeAs } from './testing';

/**
 * The Messages screen (issue 30 item 5): the caller's own conversations with unread counts and the team's look,
 * nobody else's; a send the outbox retries after a lost answer stores one message.
 */
let t: TestApp;
let coach: SignedIn;
let member: SignedIn;
let otherMember: SignedIn;
let stranger: SignedIn;
let teamId: number;
let pactId: number;

const list = async (who: SignedIn) => {
  const res = await call(t.app, who, 'GET', '/api/messages');
  expect(res.status).toBe(200);
  return res.body as ConversationList;
};
const send = (from: SignedIn, to: SignedIn, message: string, clientKey = randomUUID()) =>
  call(t.app, from, 'POST', `/api/messages/${to.user.id}`, { message, clientKey });

beforeAll(async () => {
  t = await createTestApp();
  coach = await signUp(t.app, { firstName: 'Cora' });
  member = await signUp(t.app, { firstName: 'Milo' });
  otherMember = await signUp(t.app, { firstName: 'Opal' });
  stranger = await signUp(t.app, { firstName: 'Sam' });
  const pact = await createProPactVia(t.app, coach, 'Form Lab');
  pactId = pact.id;
  teamId = pact.teamId!;
  await subscribeAs(t.app, teamId, member, 'trialing');
  await subscribeAs(t.app, teamId, otherMember, 'active');
  expect((await call(t.app, coach, 'PATCH', `/api/teams/${teamId}`, { accentColor: 'violet' })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('the Messages list', () => {
  it("lists the caller's own conversations with unread counts and the team's look", async () => {
    expect((await send(coach, member, 'Welcome!')).status).toBe(201);
    expect((await send(coach, member, 'Film one set today.')).status).toBe(201);
    const mine = await list(member);
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).toMatchObject({
      user: { id: coach.user.id },
      role: 'coach',
      team: { id: teamId, name: 'Form Lab', accentColor: 'violet', imageUrl: null },
      unreadCount: 2,
      lastMessage: { message: 'Film one set today.', senderId: coach.user.id },
    });
    expect(mine.unreadTotal).toBe(2);
    // The coach sees both members; the one not written to has no unread and no last message.
    const coachList = await list(coach);
    expect(coachList.items.map((c) => c.user.id).sort()).toEqual(
      [member.user.id, otherMember.user.id].sort(),
    );
    expect(coachList.unreadTotal).toBe(0);
  });

  it("shows nobody another person's conversations: a second member and a stranger see none of them", async () => {
    const other = await list(otherMember);
    expect(other.items.map((c) => c.user.id)).toEqual([coach.user.id]);
    expect(other.items[0]).toMatchObject({ unreadCount: 0, lastMessage: null });
    expect(other.unreadTotal).toBe(0);
    expect(await list(stranger)).toEqual({ items: [], unreadTotal: 0 });
    // Reading someone else's conversation is refused, and nothing becomes read.
    expect((await call(t.app, stranger, 'POST', `/api/messages/${coach.user.id}/read`, {})).status).toBe(404);
    expect((await call(t.app, otherMember, 'GET', `/api/messages/${member.user.id}`)).status).toBe(404);
    expect((await list(member)).unreadTotal).toBe(2);
    // The list takes no one else's id: an unknown query field is refused.
    expect((await call(t.app, stranger, 'GET', `/api/messages?userId=${member.user.id}`)).status).toBe(400);
  });

  it('clears the unread count once the conversation is read', async () => {
    const read = await call(t.app, member, 'POST', `/api/messages/${coach.user.id}/read`, {});
    expect(read.body).toEqual({ ok: true, unreadTotal: 0 });
    expect((await list(member)).items[0]!.unreadCount).toBe(0);
  });

  it('stores a message once when the outbox retries it after a lost answer, in the order typed', async () => {
    const first = randomUUID();
    const second = randomUUID();
    const a = await send(member, coach, 'Typed in the tunnel', first);
    // The answer was lost: the outbox sends it again under its key, then the next one.
    const again = await send(member, coach, 'Typed in the tunnel', first);
    const b = await send(member, coach, 'Second from the tunnel', second);
    expect([a.status, again.status, b.status]).toEqual([201, 200, 201]);
    expect((again.body as DirectMessage).id).toBe((a.body as DirectMessage).id);
    const page = await call(t.app, coach, 'GET', `/api/messages/${member.user.id}?limit=100`);
    const texts = (page.body.items as DirectMessage[]).map((m) => m.message).reverse();
    expect(texts.filter((m) => m.includes('tunnel'))).toEqual([
      'Typed in the tunnel',
      'Second from the tunnel',
    ]);
    const coachRow = (await list(coach)).items.find((c) => c.user.id === member.user.id)!;
    expect(coachRow.unreadCount).toBe(2);
  });
});

describe("the team Pact's look", () => {
  it("carries the team's image and accent with the Pact, for the chat header", async () => {
    const one = await call(t.app, member, 'GET', `/api/challenges/${pactId}`);
    expect(one.status).toBe(200);
    expect((one.body as Challenge).team).toMatchObject({ id: teamId, accentColor: 'violet', imageUrl: null });
  });
});
