import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths';
import { type Database, openDatabase } from './client';
import { createDbTemplate, isDataDir, seedFromTemplate } from './template';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sweatpact-template-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Everything a migration can create, in a stable order: tables, columns, constraints, indexes, enums, functions. */
async function describeSchema(database: Database) {
  const q = async (query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const userSchemas = sql`not in ('pg_catalog', 'information_schema', 'pg_toast')`;
  return {
    columns: await q(sql`select table_schema, table_name, column_name, ordinal_position, data_type, udt_name,
        column_default, is_nullable, character_maximum_length from information_schema.columns
      where table_schema ${userSchemas} order by 1, 2, 4`),
    constraints: await q(sql`select n.nspname, c.conrelid::regclass::text as rel, c.conname,
        pg_get_constraintdef(c.oid) as def from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname ${userSchemas} order by 1, 2, 3`),
    indexes: await q(sql`select schemaname, tablename, indexname, indexdef from pg_indexes
      where schemaname ${userSchemas} order by 1, 2, 3`),
    enums: await q(sql`select t.typname, e.enumlabel, e.enumsortorder from pg_enum e
      join pg_type t on t.oid = e.enumtypid order by 1, 3`),
    functions: await q(sql`select n.nspname, p.proname, pg_get_functiondef(p.oid) as def from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace where n.nspname ${userSchemas} order by 1, 2, 3`),
    triggers:
      await q(sql`select event_object_table, trigger_name, action_statement from information_schema.triggers
      order by 1, 2`),
    migrations: await q(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`),
  };
}

async function schemaOf(open: () => Promise<Database>) {
  const database = await open();
  try {
    await database.migrate();
    return await describeSchema(database);
  } finally {
    await database.close();
  }
}

describe('the embedded database template (dist/db-template)', () => {
  it('a database copied from it has exactly the schema of one migrated from scratch', async () => {
    const template = path.join(tmp, 'template');
    await createDbTemplate(template);
    const dir = path.join(tmp, 'data', 'db');
    const seeded = await schemaOf(() => openDatabase({ dir, template }));
    const scratch = await schemaOf(() => openDatabase({ dir: null }));
    expect(seeded.columns.length).toBeGreaterThan(50);
    expect(seeded.migrations.length).toBe(
      fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).length,
    );
    expect(seeded).toEqual(scratch);
    // Only the app's database is in it: initdb's template0 and template1 are dropped, so each start copies less.
    expect(fs.readdirSync(path.join(template, 'base'))).toEqual(['5']);
    // The template itself is never written to: the copy is what the server opened.
    expect(fs.existsSync(path.join(template, 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('a template older than the code is caught up by the migrations that follow it', async () => {
    // A template made before the newest migration existed.
    const older = path.join(tmp, 'older-migrations');
    fs.cpSync(migrationsDir, older, { recursive: true });
    const journalFile = path.join(older, 'meta', '_journal.json');
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
    journal.entries = journal.entries.slice(0, -1);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    const template = path.join(tmp, 'older-template');
    await createDbTemplate(template, older);

    const dir = path.join(tmp, 'data-older', 'db');
    const seeded = await schemaOf(() => openDatabase({ dir, template }));
    const scratch = await schemaOf(() => openDatabase({ dir: null }));
    expect(seeded).toEqual(scratch);
  }, 180_000);

  it('a start and its database share one copy of the template, and queries wait until the database has opened', async () => {
    const template = path.join(tmp, 'template');
    const dir = path.join(tmp, 'shared', 'db');
    const copying = seedFromTemplate(dir, template); // main.ts starts the copy before the app loads
    expect(seedFromTemplate(dir, template)).toBe(copying);
    const database = await openDatabase({ dir, template }); // answers without waiting for the copy
    try {
      const { rows } = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(rows[0]?.n).toBe(fs.readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).length);
      expect(await copying).toBe(true);
      expect(isDataDir(dir)).toBe(true);
      expect(fs.existsSync(`${dir}.seeding`)).toBe(false);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('never replaces a folder that already holds a database or anything else', async () => {
    const template = path.join(tmp, 'template');
    const existing = path.join(tmp, 'data', 'db');
    expect(isDataDir(existing)).toBe(true);
    expect(await seedFromTemplate(existing, template)).toBe(false);
    const other = path.join(tmp, 'not-empty');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'notes.txt'), 'mine');
    expect(await seedFromTemplate(other, template)).toBe(false);
    expect(fs.readdirSync(other)).toEqual(['notes.txt']);
    expect(await seedFromTemplate(path.join(tmp, 'none', 'db'), path.join(tmp, 'no-template'))).toBe(false);
  });
});
