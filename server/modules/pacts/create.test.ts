import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participations, teams, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { basePact, call, createPactVia } from './testing';

let t: TestApp;
let alice: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, { firstName: 'Alice' });
});
afterAll(() => t.close());

const create = (payload: unknown) => call(t.app, alice, 'POST', '/api/challenges', payload);

describe('POST /api/challenges', () => {
  it('creates a Pact, the creator joins it, and creatorId in the payload is ignored', async () => {
    const res = await create({ ...basePact(), creatorId: 'someone-else', description: '  Go!  ' });
    expect(res.status).toBe(201);
    const pact = res.body;
    expect(pact).toMatchObject({
      title: 'Daily Push-Ups',
      description: 'Go!',
      creatorId: alice.user.id,
      creator: { id: alice.user.id, firstName: 'Alice' },
      workoutTime: '07:30',
      duration: 30,
      totalDays: 30,
      currentDay: 1,
      price: 0,
      participantCount: 1,
      likeCount: 0,
      likedByMe: false,
      isParticipant: true,
      myStatus: 'active',
      isCreator: true,
      isHidden: false,
      proofMethod: 'live',
      teamId: null,
      team: null,
    });
    const rows = await t.database.db.select().from(participations).where(eq(participations.pactId, pact.id));
    expect(rows.map((r) => r.userId)).toEqual([alice.user.id]);
  });

  it('defaults difficulty and description from the template, and custom descriptions', async () => {
    const hiit = await createPactVia(t.app, alice, { exerciseType: 'hiit-strength', description: undefined });
    expect(hiit.difficulty).toBe('hard');
    expect(hiit.description).toMatch(/strength/i);
    const custom = await createPactVia(t.app, alice, { exerciseType: 'rowing', isCustom: true });
    expect(custom.difficulty).toBe('medium');
    expect(custom.description).toBe('Custom rowing challenge');
    const chosen = await createPactVia(t.app, alice, { exerciseType: 'hiit-strength', difficulty: 'easy' });
    expect(chosen.difficulty).toBe('easy');
  });

  it('accepts no workout time and a sample tutorial video', async () => {
    const pact = await createPactVia(t.app, alice, {
      workoutTime: null,
      tutorialVideoUrl: '/samples/push-ups.mp4',
    });
    expect(pact.workoutTime).toBeNull();
    expect(pact.tutorialVideoUrl).toBe('/samples/push-ups.mp4');
  });

  it.each([
    ['blank title', { title: '   ' }, 'title'],
    ['no schedule days', { scheduleDays: [] }, 'scheduleDays'],
    ['repeated schedule days', { scheduleDays: ['monday', 'monday'] }, 'scheduleDays'],
    ['unknown day', { scheduleDays: ['Monday'] }, 'scheduleDays'],
    ['duration 0', { totalDays: 0 }, 'totalDays'],
    ['duration 366', { totalDays: 366 }, 'totalDays'],
    ['fractional duration', { totalDays: 2.5 }, 'totalDays'],
    ['blank exercise', { exerciseType: ' ' }, 'exerciseType'],
    ['negative target', { targetValue: -1 }, 'targetValue'],
    ['bad workout time', { workoutTime: '24:00' }, 'workoutTime'],
    ['12-hour workout time', { workoutTime: '8:00 AM' }, 'workoutTime'],
    ['unknown visibility', { visibility: 'secret' }, 'visibility'],
    ['foreign video URL', { tutorialVideoUrl: 'https://evil.example/x.mp4' }, 'tutorialVideoUrl'],
    ['extra field', { hacker: true }, 'hacker'],
  ])('refuses %s with 400 naming the field', async (_name, patch, field) => {
    const res = await create({ ...basePact(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it.each([
    ['price 4', { monthlyPrice: 4 }, 'monthlyPrice'],
    ['price 200', { monthlyPrice: 200 }, 'monthlyPrice'],
    ['missing team name', { teamName: undefined }, 'teamName'],
    ['blank team description', { teamDescription: '  ' }, 'teamDescription'],
  ])('refuses a Pro Pact with %s', async (_name, patch, field) => {
    const pro = { ...basePact({ visibility: 'pro' }), teamName: 'Team A', teamDescription: 'Train with me' };
    const res = await create({ ...pro, ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(field);
  });

  it('a Pro Pact creates the team (price in cents, creator as coach) and makes the creator Pro', async () => {
    const bob = await signUp(t.app, { firstName: 'Bob' });
    expect(bob.user.isProUser).toBe(false);
    const res = await call(t.app, bob, 'POST', '/api/challenges', {
      ...basePact({ visibility: 'pro' }),
      teamName: 'Bob Burners',
      teamDescription: 'Coached HIIT every morning',
      monthlyPrice: 39,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      visibility: 'pro',
      price: 39,
      team: { name: 'Bob Burners', coachId: bob.user.id },
    });
    const [team] = await t.database.db.select().from(teams).where(eq(teams.id, res.body.teamId));
    expect(team).toMatchObject({
      subscriptionPrice: 3900,
      coachId: bob.user.id,
      description: 'Coached HIIT every morning',
    });
    const [row] = await t.database.db
      .select({ pro: users.isProUser })
      .from(users)
      .where(eq(users.id, bob.user.id));
    expect(row?.pro).toBe(true);
  });

  it('a Pro Pact defaults its price to $29; a non-Pro Pact ignores team fields', async () => {
    const carol = await signUp(t.app);
    const pro = await createPactVia(t.app, carol, {
      visibility: 'pro',
      teamName: 'Carol Crew',
      teamDescription: 'Daily sweat',
    });
    expect(pro.price).toBe(29);
    const free = await createPactVia(t.app, carol, { monthlyPrice: 50, teamName: 'x', teamDescription: 'y' });
    expect(free).toMatchObject({ price: 0, teamId: null });
  });

  it("takes SPEC's payload as listed: empty tutorialVideoUrl, teamName and teamDescription mean none", async () => {
    const spec = {
      exerciseType: 'push-ups',
      targetValue: 20,
      title: 'SPEC payload',
      proofMethod: 'live',
      visibility: 'public',
      totalDays: 7,
      scheduleDays: ['monday', 'wednesday'],
      workoutTime: '07:30',
      isCustom: false,
      tutorialVideoUrl: '',
      monthlyPrice: 29,
      teamName: '',
      teamDescription: '',
      creatorId: alice.user.id,
      description: 'Twenty push-ups',
    };
    const res = await create(spec);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ tutorialVideoUrl: null, teamId: null, price: 0 });
    // For a Pro Pact the team fields stay required: '' is none, and none is refused.
    const pro = await create({ ...spec, visibility: 'pro' });
    expect(pro.status).toBe(400);
    expect(pro.body.message).toMatch(/teamName: is required for Pro/);
    // The price is held to $5..$199 in whole cents, as a team's edit holds it.
    for (const monthlyPrice of [4, 200, 5.555]) {
      const priced = await create({
        ...spec,
        visibility: 'pro',
        teamName: 'Crew',
        teamDescription: 'Daily',
        monthlyPrice,
      });
      expect(priced.status, String(monthlyPrice)).toBe(400);
      expect(priced.body.message).toMatch(/monthlyPrice/);
    }
  });

  it("a media tutorial must be the caller's own upload", async () => {
    const res = await create({ ...basePact(), tutorialVideoUrl: '/media/0123456789abcdef0123456789abcdef' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('tutorialMediaId');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/challenges',
      headers: { origin: 'http://localhost:3000' },
      payload: basePact(),
    });
    expect(res.statusCode).toBe(401);
  });
});
