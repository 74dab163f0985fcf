import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { signUp } from '../test/factories';
import { users } from './schema';

/** Migration 0011: admins made at sign-up before hole 2 was closed keep the role only with a verified address. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const roleOf = async (id: string) =>
  (await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

describe('migration 0011_demote_unverified_admins', () => {
  it('takes the admin role from unverified addresses only', async () => {
    const squatter = await signUp(t.app, { verified: false });
    const admin = await signUp(t.app);
    const member = await signUp(t.app, { verified: false });
    for (const who of [squatter, admin])
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, who.user.id));

    const file = path.join(import.meta.dirname, 'migrations', '0011_demote_unverified_admins.sql');
    await t.database.db.execute(sql.raw(fs.readFileSync(file, 'utf8')));

    expect(await roleOf(squatter.user.id)).toBe('user');
    expect(await roleOf(admin.user.id)).toBe('admin');
    expect(await roleOf(member.user.id)).toBe('user');
  });
});
