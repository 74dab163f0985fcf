import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { isExempt, moduleOf, modulesDir, serverDir, sourceFiles } from '../test/source';
import { TABLE_OWNERS } from './table-owners';

/**
 * The module boundaries (docs/ARCHITECTURE.md), read from the source: a module's repo files are imported by that
 * module only, each table is written by the module TABLE_OWNERS names, and no transaction is cast to the
 * database type. Tests and test helpers (`*.test.ts`, `testing.ts`, server/test/) build fixtures and are exempt.
 */

/** SQL table name by the name the schema exports it under. */
const tableByExport = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (is(value, PgTable)) tableByExport.set(name, getTableName(value));
}

interface Finding {
  file: string;
  problem: string;
}

/** Problems in one source file (`file` is where it would live, for resolving its imports and its module). */
function analyse(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  const mine = moduleOf(file);
  const rel = path.relative(serverDir, file);

  for (const imported of ts.preProcessFile(text, true, true).importedFiles) {
    if (!imported.fileName.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), imported.fileName);
    if (!target.startsWith(modulesDir + path.sep)) continue;
    const owner = moduleOf(`${target}.ts`);
    if (owner !== mine && /repo/.test(path.basename(target))) {
      found.push({ file: rel, problem: `imports ${owner}'s repo ${imported.fileName}` });
    }
  }

  if (/as unknown as Db\b/.test(text)) found.push({ file: rel, problem: 'casts to Db' });

  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const wrote = (table: string, how: string) => {
    const owner = TABLE_OWNERS[table];
    if (owner !== mine) found.push({ file: rel, problem: `${how} ${table} (owned by ${owner ?? 'nobody'})` });
  };
  const visit = (node: ts.Node) => {
    // Drizzle: db.insert(table), tx.update(schema.table), db.delete(table)
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const verb = node.expression.name.text;
      const arg = node.arguments[0];
      if ((verb === 'insert' || verb === 'update' || verb === 'delete') && arg) {
        const name = ts.isIdentifier(arg)
          ? arg.text
          : ts.isPropertyAccessExpression(arg)
            ? arg.name.text
            : null;
        const table = name ? tableByExport.get(name) : undefined;
        if (table) wrote(table, verb);
      }
    }
    // Raw SQL in sql`...` templates: insert into t, update t, delete from t
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const tpl = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(tpl)
        ? [tpl.text]
        : [tpl.head.text, ...tpl.templateSpans.map((s) => s.literal.text)];
      for (const part of parts) {
        for (const m of part.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?/gi)) {
          if (TABLE_OWNERS[m[2]!] !== undefined || tableByExport.has(m[2]!))
            wrote(m[2]!, m[1]!.toLowerCase());
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('module boundaries', () => {
  it('names an owner for every table of the schema, and only tables that exist', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual([...tableByExport.values()].sort());
  });

  it('finds what it looks for (a foreign repo import, a foreign write, raw SQL, a cast)', () => {
    const file = path.join(modulesDir, 'chat', 'example.ts');
    const problems = analyse(
      file,
      [
        "import * as pactsRepo from '../pacts/repo';",
        "import * as own from './repo';",
        "import { listVisible } from '../pacts/participations-repo';",
        "import { visiblePact } from '../pacts/service';",
        'await db.insert(chatMessages).values(row);',
        'await tx.update(schema.users).set(x);',
        'await db.delete(media).where(y);',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a placeholder, on purpose.
        'await db.execute(sql`update pacts set like_count = 0 where id = ${id}`);',
        'cache.delete(key);',
        'const tx = txn as unknown as Db;',
      ].join('\n'),
    ).map((f) => f.problem);
    expect(problems).toEqual([
      "imports pacts's repo ../pacts/repo",
      "imports pacts's repo ../pacts/participations-repo",
      'casts to Db',
      'update users (owned by users)',
      'delete media (owned by media)',
      'update pacts (owned by pacts)',
    ]);
  });

  it('holds in the server code: no foreign repo import, no foreign write, no cast', () => {
    const problems = sourceFiles(serverDir)
      .filter((file) => !isExempt(file))
      .flatMap((file) => analyse(file, fs.readFileSync(file, 'utf8')))
      .map((f) => `${f.file}: ${f.problem}`);
    expect(problems).toEqual([]);
  });
});
