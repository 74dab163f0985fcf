import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CREDENTIALS } from '../../../shared/api/auth';
import { pacts, users } from '../../db/schema';
import { createTestApp, queryRows, type TestApp } from '../../test/app';
import { ORIGIN, signUp } from '../../test/factories';
import { demoPurgeJob } from './service';

describe('demo sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const tryDemo = async () =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/email',
        headers: { origin: ORIGIN },
        payload: DEMO_CREDENTIALS,
      })
    ).json().user as { id: string };

  it('seeds friends, Pacts the visitor created and joined, and chat', async () => {
    const me = await tryDemo();
    const own = await t.database.db.select().from(pacts).where(eq(pacts.creatorId, me.id));
    expect(own.length).toBe(1);
    expect(own[0]!.visibility).toBe('friends');
    const [joined] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from participations where user_id = ${me.id} and status = 'active'`,
    );
    expect(joined?.n).toBe(2);
    const [chat] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from chat_messages m join participations p on p.pact_id = m.pact_id where p.user_id = ${me.id}`,
    );
    expect(chat?.n).toBeGreaterThan(3);
    // Chat ids increase with time, as in a real chat.
    const order = await queryRows<{ id: number; created_at: string }>(
      t.database.db,
      sql`select id, created_at from chat_messages order by id`,
    );
    const times = order.map((r) => new Date(r.created_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('gives the visitor a real streak, proofs to approve, and playable proof videos', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email',
      headers: { origin: ORIGIN },
      payload: { ...DEMO_CREDENTIALS, timeZone: 'Pacific/Auckland' },
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().user;
    expect(me.timeZone).toBe('Pacific/Auckland');
    expect(me.streakCount).toBe(3);
    expect(me.totalXP).toBeGreaterThan(0);
    const pending = await queryRows<{ id: number; pact_id: number; video_media_id: string }>(
      t.database.db,
      sql`select p.id, p.pact_id, p.video_media_id from proofs p join participations m on m.pact_id = p.pact_id
          where m.user_id = ${me.id} and p.status = 'pending' and p.user_id <> ${me.id}`,
    );
    expect(pending.length).toBe(2);
    const video = await t.app.inject({
      url: `/media/${pending[0]!.video_media_id}`,
      headers: { cookie, range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    // The seeded proofs are bundled clips and say so; the sandbox's Pacts and the trainer's have tutorial clips.
    const chat = await t.app.inject({
      url: `/api/challenges/${pending[0]!.pact_id}/messages`,
      headers: { cookie },
    });
    const proofs = chat.json().items.filter((m: { proof: unknown }) => m.proof);
    expect(proofs.length).toBeGreaterThan(0);
    for (const m of proofs) expect(m.proof.sample).toBe(true);
    const tutorials = await queryRows<{ url: string | null }>(
      t.database.db,
      sql`select p.tutorial_video_url as url from pacts p join participations m on m.pact_id = p.id
          where m.user_id = ${me.id} union all
          select tutorial_video_url from pacts where creator_id = 'ai-trainer'`,
    );
    expect(tutorials.length).toBe(7);
    for (const row of tutorials) expect(row.url).toMatch(/^\/samples\/[a-z-]+\.mp4$/);
    // The visitor may approve them (the creator's proof by a member, a member's proof by the creator).
    for (const proof of pending) {
      const decided = await t.app.inject({
        method: 'POST',
        url: `/api/challenges/${proof.pact_id}/approve`,
        headers: { cookie, origin: ORIGIN },
        payload: { proofId: proof.id, approval: 'approved' },
      });
      expect(decided.statusCode, decided.body).toBe(200);
    }
  });

  it('purges expired demo users with everything of theirs and nothing else', async () => {
    const real = await signUp(t.app);
    const old = await tryDemo();
    const fresh = await tryDemo();
    await t.database.db
      .update(users)
      .set({ demoExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, old.id));
    // The old visitor's friends expire with them.
    await t.database.db.execute(
      sql`update users set demo_expires_at = now() - interval '1 second' where id in (select friend_id from friendships where user_id = ${old.id})`,
    );
    await demoPurgeJob(t.app.ctx).run();
    const left = async (id: string) =>
      (await t.database.db.select().from(users).where(eq(users.id, id))).length;
    expect(await left(old.id)).toBe(0);
    expect(await left(fresh.id)).toBe(1);
    expect(await left(real.user.id)).toBe(1);
    const [orphans] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pacts where creator_id = ${old.id}`,
    );
    expect(orphans?.n).toBe(0);
    const ai = await t.database.db.select().from(users).where(eq(users.id, 'ai-trainer'));
    expect(ai).toHaveLength(1);
  });
});
