import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../shared/domain/time';
import { participations } from '../../db/schema';
import { runDueJobs } from '../../platform/jobs';
import { recurringJobs } from '../../platform/jobs/define';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { type FakeDevice, fakeDevice, type PushStub, startPushStub } from '../../test/push-stub';
import { call, createPactVia } from '../pacts/testing';
import { enqueueDueReminders, REMINDER_LATE_MS, workoutReminderJob } from './push-reminders';
import * as repo from './push-repo';

/**
 * The reminder schedule on a fake clock: ticks at chosen instants, the reminder jobs run at the same instants,
 * and the stub records the fake instant each push arrived at.
 */
let t: TestApp;
let stub: PushStub;
let clock = new Date(0);
let ny: SignedIn;
let tokyo: SignedIn;
let nyPhone: FakeDevice;
let tokyoPhone: FakeDevice;
let nyPact: number;
let tokyoPact: number;

const at = (iso: string) => new Date(iso);
async function tick(now: Date, app = t) {
  clock = now;
  await enqueueDueReminders(app.app.ctx, now);
  await runDueJobs(app.app.ctx, { now, names: [workoutReminderJob.name] });
}
const pushes = () => stub.received.map((p) => `${p.device} ${p.at.toISOString()}`);

async function participant(timeZone: string, title: string) {
  const who = await signUp(t.app, { timeZone });
  const pact = await createPactVia(t.app, who, {
    title,
    workoutTime: '07:00',
    scheduleDays: [...WEEKDAYS],
    totalDays: 365,
  });
  // Day 1 is the day of joining; the tests' calendar is March 2027.
  await t.database.db
    .update(participations)
    .set({ startDay: '2027-03-01' })
    .where(eq(participations.pactId, pact.id));
  const phone = fakeDevice(stub.url, `${title}-phone`);
  await repo.upsert(t.database.db, who.user.id, phone, 10, new Date());
  return { who, pact: pact.id, phone };
}

beforeAll(async () => {
  t = await createTestApp();
  stub = await startPushStub(() => clock);
  ({ who: ny, pact: nyPact, phone: nyPhone } = await participant('America/New_York', 'ny'));
  ({ who: tokyo, pact: tokyoPact, phone: tokyoPhone } = await participant('Asia/Tokyo', 'tokyo'));
});
afterAll(async () => {
  await stub?.close();
  await t?.close();
});

describe('workout reminders by push', () => {
  it('is a recurring job of the app', () => {
    expect(recurringJobs(t.app.ctx).get('push-reminders')?.everyMs).toBe(30_000);
  });

  it('pushes at 07:00 local in New York and Tokyo, across the US daylight-saving change, once each', async () => {
    stub.received.length = 0;
    // 07:00 in Tokyo (UTC+9) is 22:00Z the day before; New York is UTC-5 until 2027-03-14 02:00, then UTC-4.
    const expected = [
      'tokyo-phone 2027-03-12T22:00:00.000Z',
      'ny-phone 2027-03-13T12:00:00.000Z',
      'tokyo-phone 2027-03-13T22:00:00.000Z',
      'ny-phone 2027-03-14T11:00:00.000Z',
      'tokyo-phone 2027-03-14T22:00:00.000Z',
      'ny-phone 2027-03-15T11:00:00.000Z',
    ];
    const instants = new Set<number>();
    // Every hour of three days (the old offset's 07:00 among them), and half-minute ticks around each reminder.
    for (
      let h = at('2027-03-12T20:00:00Z').getTime();
      h <= at('2027-03-15T13:00:00Z').getTime();
      h += 3600_000
    ) {
      instants.add(h);
    }
    for (const line of expected) {
      const due = at(line.split(' ')[1]!).getTime();
      for (const s of [-90, -60, -30, 0, 30, 60, 90]) instants.add(due + s * 1000);
    }
    for (const ms of [...instants].sort((a, b) => a - b)) await tick(new Date(ms));
    expect(pushes()).toEqual(expected);

    const last = stub.received.at(-1)!;
    expect(JSON.parse(nyPhone.decrypt(last.body))).toEqual({
      title: 'Workout Time!',
      body: 'Time to start your ny. Start streaming now or get busted!',
      url: `/chat/${nyPact}`,
      tag: `workout-${nyPact}-2027-03-15`,
    });
    const tokyoPush = stub.received.find((p) => p.device === 'tokyo-phone')!;
    expect(JSON.parse(tokyoPhone.decrypt(tokyoPush.body)).url).toBe(`/chat/${tokyoPact}`);
  });

  it('after a missed tick sends late within the window, and not at all after it', async () => {
    stub.received.length = 0;
    // 2027-03-16: a restart leaves no tick until 4 minutes after New York's 07:00.
    await tick(new Date(at('2027-03-16T11:00:00Z').getTime() + REMINDER_LATE_MS - 60_000));
    expect(pushes()).toEqual(['ny-phone 2027-03-16T11:04:00.000Z']);
    // 2027-03-16 in Tokyo: the first tick comes 6 minutes late.
    await tick(new Date(at('2027-03-16T22:00:00Z').getTime() + REMINDER_LATE_MS + 60_000));
    expect(pushes()).toEqual(['ny-phone 2027-03-16T11:04:00.000Z']);
  });

  it('pushes nothing while Workout Notifications is off, even for a reminder already queued', async () => {
    stub.received.length = 0;
    expect(
      (await call(t.app, ny, 'PATCH', '/api/user/settings', { workoutNotifications: false })).status,
    ).toBe(200);
    await tick(at('2027-03-17T11:00:10Z'));
    // Queued while on, sent after it was turned off: the job checks again.
    await call(t.app, tokyo, 'PATCH', '/api/user/settings', { workoutNotifications: true });
    clock = at('2027-03-17T22:00:10Z');
    await enqueueDueReminders(t.app.ctx, clock);
    await call(t.app, tokyo, 'PATCH', '/api/user/settings', { workoutNotifications: false });
    await runDueJobs(t.app.ctx, { now: clock, names: [workoutReminderJob.name] });
    expect(pushes()).toEqual([]);
    for (const who of [ny, tokyo])
      await call(t.app, who, 'PATCH', '/api/user/settings', { workoutNotifications: true });
  });

  it('pushes nothing about a Pact the user left', async () => {
    stub.received.length = 0;
    const leaver = await participant('Europe/Paris', 'paris');
    await tick(at('2027-03-18T06:00:05Z'));
    expect(pushes()).toEqual(['paris-phone 2027-03-18T06:00:05.000Z']);
    await t.database.db
      .update(participations)
      .set({ status: 'left' })
      .where(eq(participations.pactId, leaver.pact));
    await tick(at('2027-03-19T06:00:05Z'));
    expect(pushes()).toEqual(['paris-phone 2027-03-18T06:00:05.000Z']);
  });

  it('two instances ticking and running jobs at the same instant push once', async () => {
    stub.received.length = 0;
    const b = await createTestApp({ DATA_DIR: t.config.dataDir }, { shareDatabaseWith: t });
    try {
      const now = at('2027-03-20T11:00:20Z');
      clock = now;
      await Promise.all([enqueueDueReminders(t.app.ctx, now), enqueueDueReminders(b.app.ctx, now)]);
      await Promise.all([enqueueDueReminders(t.app.ctx, now), enqueueDueReminders(b.app.ctx, now)]);
      await Promise.all([
        runDueJobs(t.app.ctx, { now, names: [workoutReminderJob.name], owner: 'instance-a' }),
        runDueJobs(b.app.ctx, { now, names: [workoutReminderJob.name], owner: 'instance-b' }),
      ]);
      await Promise.all([tick(at('2027-03-20T11:00:50Z')), tick(at('2027-03-20T11:00:50Z'), b)]);
      expect(pushes()).toEqual(['ny-phone 2027-03-20T11:00:20.000Z']);
    } finally {
      await b.close();
    }
  });
});
