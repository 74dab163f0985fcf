import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerFrame } from '../../../shared/api/chat';
import type { ConversationList, DirectMessage, DmPage } from '../../../shared/api/messages';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { openSocket, type TestSocket, wsUrl } from '../chat/testing';
import { call } from '../pacts/testing';
import { eraseInTransaction } from '../privacy/erasure';
import { setSubscription, subscribeAs, teamOf } from './testing';

let t: TestApp;
let coach: SignedIn;
let member: SignedIn;
let exMember: SignedIn;
let stranger: SignedIn;
let otherCoach: SignedIn;
let otherMember: SignedIn;
let teamId: number;
const sockets: TestSocket[] = [];
const DAY = 86_400_000;

const send = (from: SignedIn, to: SignedIn, message: string, clientKey?: string) =>
  call(t.app, from, 'POST', `/api/messages/${to.user.id}`, { message, ...(clientKey ? { clientKey } : {}) });
const sendOk = async (from: SignedIn, to: SignedIn, message: string) => {
  const res = await send(from, to, message);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as DirectMessage;
};
const page = (who: SignedIn, other: SignedIn, query = '') =>
  call(t.app, who, 'GET', `/api/messages/${other.user.id}${query}`);
const list = async (who: SignedIn, query = '') =>
  (await call(t.app, who, 'GET', `/api/messages${query}`)).body as ConversationList;

// Set, so a second instance (below) accepts the same sessions.
const AUTH_SECRET = randomUUID() + randomUUID();

beforeAll(async () => {
  t = await createTestApp({ AUTH_SECRET });
  coach = await signUp(t.app, { firstName: 'Casey' });
  member = await signUp(t.app, { firstName: 'Mia' });
  exMember = await signUp(t.app, { firstName: 'Eli' });
  stranger = await signUp(t.app, { firstName: 'Sam' });
  otherCoach = await signUp(t.app, { firstName: 'Otto' });
  otherMember = await signUp(t.app, { firstName: 'Opal' });
  teamId = await teamOf(t.app, coach);
  await subscribeAs(t.app, teamId, member, 'trialing');
  const ex = await subscribeAs(t.app, teamId, exMember, 'active');
  const otherTeam = await teamOf(t.app, otherCoach, 'Other Crew');
  await subscribeAs(t.app, otherTeam, otherMember, 'active');
  // The ex-member wrote while they had access, then their subscription expired.
  await sendOk(exMember, coach, 'Thanks for the plan!');
  await setSubscription(t.app, ex, { status: 'expired', periodEnd: new Date(Date.now() - 10 * DAY) });
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await t?.close();
});

describe('the notification of a message', () => {
  type Note = { id: number; type: string; actor: { id: string } | null; read: boolean };
  const notes = async (who: SignedIn) => {
    const body = (await call(t.app, who, 'GET', '/api/notifications')).body as {
      items: Note[];
      unreadCount: number;
    };
    return { unread: body.unreadCount, dm: body.items.filter((n) => n.type === 'direct_message') };
  };

  it('tells the recipient once per conversation until they read it, then again for the next message', async () => {
    const coachTwo = await signUp(t.app, { firstName: 'Cleo' });
    const fan = await signUp(t.app, { firstName: 'Finn' });
    await subscribeAs(t.app, await teamOf(t.app, coachTwo, 'Note Crew'), fan, 'active');
    await sendOk(fan, coachTwo, 'First question');
    const second = await sendOk(fan, coachTwo, 'And a second one');
    const before = await notes(coachTwo);
    expect(before.dm).toHaveLength(1);
    expect(before.dm[0]).toMatchObject({ actor: { id: fan.user.id }, read: false });
    expect(before.unread).toBe(1);
    // The sender is not told of their own message; a stranger cannot read the recipient's notifications.
    expect((await notes(fan)).dm).toHaveLength(0);
    expect((await notes(stranger)).dm).toHaveLength(0);

    // A stranger's read of that conversation is refused and reads nothing.
    const refused = await call(t.app, stranger, 'POST', `/api/messages/${fan.user.id}/read`, {
      upTo: second.id,
    });
    expect(refused.status).toBe(404);
    expect((await notes(coachTwo)).unread).toBe(1);

    const read = await call(t.app, coachTwo, 'POST', `/api/messages/${fan.user.id}/read`, {
      upTo: second.id,
    });
    expect(read.status).toBe(200);
    const after = await notes(coachTwo);
    expect(after.dm).toHaveLength(1);
    expect(after.dm[0]!.read).toBe(true);
    expect(after.unread).toBe(0);

    await sendOk(fan, coachTwo, 'A third, after you read');
    const again = await notes(coachTwo);
    expect(again.dm.map((n) => n.read)).toEqual([false, true]);
    // The coach's reply tells the member the same way.
    await sendOk(coachTwo, fan, 'Answered!');
    expect((await notes(fan)).dm).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ id: coachTwo.user.id }) }),
    ]);
  });
});

describe('who may talk', () => {
  it('lets a member and their coach write to each other, and both read the conversation', async () => {
    const first = await sendOk(member, coach, 'Hi coach, is the plan ok for my knees?');
    expect(first).toMatchObject({ senderId: member.user.id, recipientId: coach.user.id, readAt: null });
    const reply = await sendOk(coach, member, 'Yes, swap jumps for step-ups.');
    const mine = (await page(member, coach)).body as DmPage;
    expect(mine.items.map((m) => m.id)).toEqual([reply.id, first.id]);
    expect(mine.conversation).toMatchObject({ role: 'coach', canWrite: true, team: { id: teamId } });
    const theirs = (await page(coach, member)).body as DmPage;
    expect(theirs.conversation).toMatchObject({ role: 'member', canWrite: true });
  });

  it('refuses a stranger, a member of another team, a member-to-member message and oneself (404)', async () => {
    for (const [from, to] of [
      [stranger, coach],
      [coach, stranger],
      [otherMember, coach],
      [coach, otherMember],
      [member, otherMember],
      [member, exMember],
      [coach, coach],
    ] as const) {
      expect((await send(from, to, 'hello')).status).toBe(404);
      expect((await page(from, to)).status).toBe(404);
      expect((await call(t.app, from, 'POST', `/api/messages/${to.user.id}/read`, {})).status).toBe(404);
    }
    expect((await call(t.app, stranger, 'GET', '/api/messages/nobody-at-all')).status).toBe(404);
  });

  it('keeps the history readable for an ex-member but refuses new messages either way (403)', async () => {
    const history = (await page(exMember, coach)).body as DmPage;
    expect(history.items.map((m) => m.message)).toEqual(['Thanks for the plan!']);
    expect(history.conversation.canWrite).toBe(false);
    expect((await send(exMember, coach, 'One more question')).status).toBe(403);
    expect((await send(coach, exMember, 'Come back!')).status).toBe(403);
    expect((await call(t.app, exMember, 'POST', `/api/messages/${coach.user.id}/read`, {})).status).toBe(200);
    expect((await page(exMember, coach)).body.items).toHaveLength(1);
  });

  it('follows the past-due grace: writable within 3 days of the period end, read-only after', async () => {
    const late = await signUp(t.app, { firstName: 'Lee' });
    const sub = await subscribeAs(t.app, teamId, late, 'past_due', { periodEnd: new Date(Date.now() - DAY) });
    expect((await send(late, coach, 'My card failed, sorry')).status).toBe(201);
    await setSubscription(t.app, sub, { status: 'past_due', periodEnd: new Date(Date.now() - 4 * DAY) });
    expect((await send(late, coach, 'Still there?')).status).toBe(403);
    expect((await page(late, coach)).status).toBe(200);
  });

  it('stops both ways while one blocks the other, and resumes after unblocking', async () => {
    expect((await call(t.app, coach, 'POST', `/api/users/${member.user.id}/block`)).status).toBe(200);
    for (const [from, to] of [
      [member, coach],
      [coach, member],
    ] as const) {
      expect((await send(from, to, 'hello?')).status).toBe(404);
      expect((await page(from, to)).status).toBe(404);
    }
    expect((await list(member)).items.map((c) => c.user.id)).not.toContain(coach.user.id);
    expect((await call(t.app, coach, 'DELETE', `/api/users/${member.user.id}/block`)).status).toBe(200);
    expect((await send(member, coach, 'back again')).status).toBe(201);
  });
});

describe('messages', () => {
  it('validates the text as the chat does (trimmed, 1 to 2,000 characters, no control characters)', async () => {
    for (const message of ['', '   \n ', 'x'.repeat(2001), 'bad\u0007bell']) {
      expect((await send(member, coach, message)).status).toBe(400);
    }
    expect((await send(member, coach, 'x'.repeat(2000))).status).toBe(201);
    const stored = await sendOk(member, coach, '  <b>spaced</b>  ');
    expect(stored.message).toBe('<b>spaced</b>');
  });

  it('stores a retried send once by its clientKey, and refuses the key for another person (409)', async () => {
    const key = randomUUID();
    const a = await send(member, coach, 'retry me', key);
    const b = await send(member, coach, 'retry me', key);
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.id).toBe(a.body.id);
    const other = await signUp(t.app);
    await subscribeAs(t.app, teamId, other, 'active');
    expect((await send(coach, other, 'first', key)).status).toBe(201); // keys are per sender
    expect((await send(member, other, 'x', key)).status).toBe(404);
  });

  it('stores a send once when its retry reaches another instance, and carries the key to the sender', async () => {
    const second = await createTestApp({ AUTH_SECRET }, { shareDatabaseWith: t });
    try {
      const key = randomUUID();
      const first = await send(member, coach, 'sent to one instance', key);
      const retry = await call(second.app, member, 'POST', `/api/messages/${coach.user.id}`, {
        message: 'sent to one instance',
        clientKey: key,
      });
      expect([first.status, retry.status]).toEqual([201, 200]);
      expect(retry.body).toMatchObject({ id: first.body.id, clientKey: key });
      // A fresh key: the race must not meet the key stored above.
      const raced = randomUUID();
      const [a, b] = await Promise.all([
        send(member, coach, 'raced', raced),
        call(second.app, member, 'POST', `/api/messages/${coach.user.id}`, {
          message: 'raced',
          clientKey: raced,
        }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.id).toBe(b.body.id);
    } finally {
      await second.close();
    }
  });

  it('lists conversations with unread counts and marks them read', async () => {
    const before = await list(coach);
    const withMember = before.items.find((c) => c.user.id === member.user.id)!;
    expect(withMember).toMatchObject({
      role: 'member',
      canWrite: true,
      team: { id: teamId, name: 'Core Crew' },
    });
    expect(withMember.unreadCount).toBeGreaterThan(0);
    expect(before.unreadTotal).toBeGreaterThanOrEqual(withMember.unreadCount);
    const ex = before.items.find((c) => c.user.id === exMember.user.id)!;
    expect(ex.canWrite).toBe(false);
    // Written-to people first, newest first.
    expect(before.items[0]!.lastMessage).not.toBeNull();

    const marked = await call(t.app, coach, 'POST', `/api/messages/${member.user.id}/read`, {});
    expect(marked.status).toBe(200);
    const after = await list(coach);
    expect(after.items.find((c) => c.user.id === member.user.id)!.unreadCount).toBe(0);
    expect(marked.body.unreadTotal).toBe(after.unreadTotal);
    const last = ((await page(member, coach)).body as DmPage).items.find(
      (m) => m.senderId === member.user.id,
    )!;
    expect(last.readAt).not.toBeNull();

    const mine = await list(member, `?teamId=${teamId}`);
    expect(mine.items.map((c) => [c.user.id, c.role])).toEqual([[coach.user.id, 'coach']]);
    expect((await list(stranger)).items).toEqual([]);
  });

  it('pages older messages with before and catches up with after', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) ids.push((await sendOk(coach, member, `drill ${i}`)).id);
    const first = (await page(member, coach, '?limit=2')).body as DmPage;
    expect(first.items.map((m) => m.id)).toEqual([ids[4], ids[3]]);
    const older = (await page(member, coach, `?limit=2&before=${first.nextBefore}`)).body as DmPage;
    expect(older.items.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    const caught = (await page(member, coach, `?limit=3&after=${ids[0]}`)).body as DmPage;
    expect(caught.items.map((m) => m.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(caught.nextAfter).toBe(ids[3]);
    expect((await page(member, coach, '?before=1&after=2')).status).toBe(400);
  });
});

describe('real time', () => {
  it("delivers a message to the recipient's sockets and the sender's other tabs, and read receipts", async () => {
    const url = await wsUrl(t.app);
    const coachSocket = await openSocket(url, coach);
    const memberTab = await openSocket(url, member);
    const strangerSocket = await openSocket(url, stranger);
    sockets.push(coachSocket, memberTab, strangerSocket);
    const sent = await sendOk(member, coach, 'Live from the gym');
    const isDm = (f: ServerFrame) => f.type === 'direct_message' && f.message.id === sent.id;
    expect(await coachSocket.next(isDm)).toEqual({ type: 'direct_message', message: sent });
    expect(await memberTab.next(isDm)).toEqual({ type: 'direct_message', message: sent });
    await call(t.app, coach, 'POST', `/api/messages/${member.user.id}/read`, { upTo: sent.id });
    const receipt = await memberTab.next((f) => f.type === 'direct_read');
    expect(receipt).toEqual({
      type: 'direct_read',
      readerId: coach.user.id,
      otherId: member.user.id,
      upTo: sent.id,
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(strangerSocket.frames.filter((f) => f.type.startsWith('direct_'))).toEqual([]);
  });

  it('resyncs after a dropped link: after = the last id seen answers exactly what was missed', async () => {
    const url = await wsUrl(t.app);
    const socket = await openSocket(url, member);
    sockets.push(socket);
    const seen = await sendOk(coach, member, 'before the tunnel');
    await socket.next((f) => f.type === 'direct_message' && f.message.id === seen.id);
    socket.ws.terminate();
    const missed = [
      await sendOk(coach, member, 'in the tunnel 1'),
      await sendOk(coach, member, 'in the tunnel 2'),
    ];
    const again = await openSocket(url, member);
    sockets.push(again);
    const caught = (await page(member, coach, `?after=${seen.id}`)).body as DmPage;
    expect(caught.items.map((m) => m.id)).toEqual(missed.map((m) => m.id).reverse());
    expect(caught.nextAfter).toBeNull();
    const live = await sendOk(coach, member, 'out of the tunnel');
    expect(await again.next((f) => f.type === 'direct_message')).toEqual({
      type: 'direct_message',
      message: live,
    });
  });
});

describe('erasure', () => {
  it('erasing the chat data type removes the direct messages the user sent, not those they received', async () => {
    const mine = (p: DmPage) => p.items.filter((m) => m.senderId === member.user.id).length;
    const theirs = (p: DmPage) => p.items.filter((m) => m.senderId === coach.user.id).length;
    const before = (await page(coach, member, '?limit=100')).body as DmPage;
    expect(mine(before)).toBeGreaterThan(0);
    await t.app.ctx.db.transaction((tx) =>
      eraseInTransaction(tx, { id: member.user.id, email: member.user.email }, ['chat'], false),
    );
    const after = (await page(coach, member, '?limit=100')).body as DmPage;
    expect(mine(after)).toBe(0);
    expect(theirs(after)).toBe(theirs(before));
  });
});
