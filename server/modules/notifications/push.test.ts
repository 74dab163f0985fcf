import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { type SignedIn, signUp } from '../../test/factories';
import { fakeDevice, type PushStub, startPushStub } from '../../test/push-stub';
import { call } from '../pacts/testing';
import { unzip } from '../privacy/testing';
import * as repo from './push-repo';
import { PUSH_DEVICES_MAX, publicKey, pushToUser } from './push-service';

let t: TestApp;
let stub: PushStub;
let ann: SignedIn;
let bo: SignedIn;
const quiet = { info() {}, warn() {}, error() {} };
const fcm = (id: string) => `https://fcm.googleapis.com/fcm/send/${id}`;
const P256DH = `B${'q'.repeat(86)}`;
const AUTH = `${'x'.repeat(21)}A`;
const sub = (endpoint: string, keys = { p256dh: P256DH, auth: AUTH }) => ({
  endpoint,
  expirationTime: null,
  keys,
});
const rowsOf = (userId: string) =>
  t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const allRows = () => t.database.db.select().from(pushSubscriptions);

beforeAll(async () => {
  t = await createTestApp();
  stub = await startPushStub();
  [ann, bo] = await Promise.all([signUp(t.app, { firstName: 'Ann' }), signUp(t.app, { firstName: 'Bo' })]);
});
afterAll(async () => {
  await stub?.close();
  await t?.close();
});

describe('push subscriptions', () => {
  it('answers the VAPID public key, kept in DATA_DIR and the same for the next start', async () => {
    const res = await call(t.app, ann, 'GET', '/api/push/public-key');
    expect(res.status).toBe(200);
    expect(res.body.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(JSON.parse(fs.readFileSync(`${t.config.dataDir}/vapid-keys.json`, 'utf8')).publicKey).toBe(
      res.body.publicKey,
    );
    const again = await createTestApp({ DATA_DIR: t.config.dataDir }, { shareDatabaseWith: t });
    // Another instance (its own sessions' secret) on the same DATA_DIR.
    expect(publicKey(again.app.ctx).publicKey).toBe(res.body.publicKey);
    await again.close();
    expect((await t.app.inject({ url: '/api/push/public-key' })).statusCode).toBe(401);
  });

  it('refuses to start with half a VAPID key pair', async () => {
    await expect(createTestApp({ VAPID_PUBLIC_KEY: 'BAAA' }, { shareDatabaseWith: t })).rejects.toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
  });

  it('stores a device, refuses foreign schemes, unknown hosts and oversize keys with a 400 and stores nothing', async () => {
    const before = (await allRows()).length;
    const bad = [
      sub('http://fcm.googleapis.com/fcm/send/plain'),
      sub('ftp://fcm.googleapis.com/x'),
      sub('https://evil.example.com/push/1'),
      sub('https://127.0.0.1/push/1'),
      sub(fcm('a'.repeat(2100))),
      sub(fcm('big-key'), { p256dh: `B${'q'.repeat(500)}`, auth: AUTH }),
      sub(fcm('big-auth'), { p256dh: P256DH, auth: 'x'.repeat(400) }),
      sub(fcm('short-key'), { p256dh: 'BBBB', auth: AUTH }),
      { endpoint: fcm('no-keys') },
    ];
    for (const payload of bad) {
      const res = await call(t.app, ann, 'POST', '/api/push/subscriptions', payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.message).toMatch(/endpoint|keys/);
    }
    expect((await allRows()).length).toBe(before);

    expect((await call(t.app, ann, 'POST', '/api/push/subscriptions', sub(fcm('ann-phone')))).body).toEqual({
      subscribed: true,
    });
    expect((await rowsOf(ann.user.id)).map((r) => r.endpoint)).toEqual([fcm('ann-phone')]);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: sub(fcm('x')) }))
        .statusCode,
    ).toBe(401);
  });

  it('moves a device subscribed again by another user to them; only its owner removes it', async () => {
    await call(t.app, ann, 'POST', '/api/push/subscriptions', sub(fcm('shared-laptop')));
    await call(t.app, bo, 'POST', '/api/push/subscriptions', sub(fcm('shared-laptop')));
    expect((await rowsOf(ann.user.id)).map((r) => r.endpoint)).not.toContain(fcm('shared-laptop'));
    expect((await rowsOf(bo.user.id)).map((r) => r.endpoint)).toEqual([fcm('shared-laptop')]);

    const refused = await call(t.app, ann, 'DELETE', '/api/push/subscriptions', {
      endpoint: fcm('shared-laptop'),
    });
    expect(refused).toEqual({ status: 200, body: { removed: false } });
    expect(await rowsOf(bo.user.id)).toHaveLength(1);
    const removed = await call(t.app, bo, 'DELETE', '/api/push/subscriptions', {
      endpoint: fcm('shared-laptop'),
    });
    expect(removed.body).toEqual({ removed: true });
    expect(await rowsOf(bo.user.id)).toHaveLength(0);
  });

  it(`keeps the newest ${PUSH_DEVICES_MAX} devices of a user`, async () => {
    const cy = await signUp(t.app);
    for (let i = 0; i < PUSH_DEVICES_MAX + 2; i++) {
      await call(t.app, cy, 'POST', '/api/push/subscriptions', sub(fcm(`cy-${i}`)));
    }
    const kept = (await rowsOf(cy.user.id)).map((r) => r.endpoint).sort();
    expect(kept).toHaveLength(PUSH_DEVICES_MAX);
    expect(kept).not.toContain(fcm('cy-0'));
    expect(kept).not.toContain(fcm('cy-1'));
  });

  it('exports the devices without their keys, and erases them with the account', async () => {
    const di = await signUp(t.app);
    await call(t.app, di, 'POST', '/api/push/subscriptions', sub(fcm('di-phone')));
    const res = await t.app.inject({ url: '/api/user/export', headers: di.headers });
    const entries = await unzip(res.rawPayload);
    const devices = JSON.parse(entries.get('push-devices.json')!.toString()) as Record<string, unknown>[];
    expect(devices).toEqual([expect.objectContaining({ endpoint: fcm('di-phone') })]);
    expect(devices[0]).not.toHaveProperty('p256dh');
    expect(devices[0]).not.toHaveProperty('auth');
    // Erasing the account deletes the user row (users/service deleteAccountRow); the devices go with it.
    await t.database.db.delete(users).where(eq(users.id, di.user.id));
    expect(await rowsOf(di.user.id)).toEqual([]);
  });
});

describe('sending a push', () => {
  it('encrypts for the device (aes128gcm), signs with VAPID, and the device reads the message', async () => {
    const eve = await signUp(t.app);
    const phone = fakeDevice(stub.url, 'eve-phone');
    await repo.upsert(t.database.db, eve.user.id, phone, 10, new Date());
    const message = { title: 'Workout Time!', body: 'Time to go', url: '/chat/1', tag: 't1' };
    expect(await pushToUser(t.app.ctx, eve.user.id, message, quiet)).toEqual({ sent: 1, gone: 0, failed: 0 });
    const got = stub.received.find((p) => p.device === 'eve-phone')!;
    expect(got.headers['content-encoding']).toBe('aes128gcm');
    expect(got.headers.ttl).toBe('600');
    expect(got.headers.urgency).toBe('high');
    const { publicKey } = (await call(t.app, eve, 'GET', '/api/push/public-key')).body;
    expect(got.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(JSON.parse(phone.decrypt(got.body))).toEqual(message);
  });

  it('removes a subscription the push service calls gone (404 or 410) and keeps one that failed otherwise', async () => {
    const fay = await signUp(t.app);
    const [gone410, gone404, broken, fine] = ['fay-410', 'fay-404', 'fay-500', 'fay-ok'].map((n) =>
      fakeDevice(stub.url, n),
    );
    for (const d of [gone410!, gone404!, broken!, fine!])
      await repo.upsert(t.database.db, fay.user.id, d, 10, new Date());
    stub.answer('fay-410', 410);
    stub.answer('fay-404', 404);
    stub.answer('fay-500', 500);
    const message = { title: 'Workout Time!', body: 'b', url: '/chat/2', tag: 't2' };
    expect(await pushToUser(t.app.ctx, fay.user.id, message, quiet)).toEqual({ sent: 1, gone: 2, failed: 1 });
    expect((await rowsOf(fay.user.id)).map((r) => r.endpoint).sort()).toEqual(
      [broken!.endpoint, fine!.endpoint].sort(),
    );
  });
});
