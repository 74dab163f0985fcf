import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../platform/errors';
import { type ExportedFile, ownFilesForExport } from '../media/service';
import * as repo from './export-repo';
import { EXPORT_RULES, ruleKey, USER_COLUMNS } from './export-rules';

/** A zip being streamed: its exact size is known before the first byte (every entry is stored, not deflated). */
export interface ExportArchive {
  filename: string;
  size: number;
  stream: Readable;
}

/** One export at a time per user on this instance (the route's rate limit covers the rest, across instances). */
const running = new Set<string>();

const EXTENSIONS: Record<string, string> = {
  'video/webm': 'webm',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/**
 * "Download my data" (DECISIONS 9, docs/PRIVACY.md): every record of the user as JSON, one file per kind, and
 * their files under media/, streamed as a zip. The JSON is read first (a few MB at most); the files are opened
 * one at a time as the zip reaches them, so nothing is buffered whole. Another export of the same user while this
 * one streams answers 409.
 */
export async function exportUserData(
  ctx: AppContext,
  userId: string,
  now = new Date(),
): Promise<ExportArchive> {
  if (running.has(userId)) {
    throw conflict('Your data export is already being downloaded. Wait for it to finish, then try again.');
  }
  running.add(userId);
  try {
    const account = await repo.accountRow(ctx.db, userId);
    if (!account) throw notFound('User not found');
    const kinds = new Map<string, Map<string, Record<string, unknown>>>();
    const notes = new Map<string, string>();
    for (const column of USER_COLUMNS) {
      const rule = EXPORT_RULES[ruleKey(column)];
      if (!rule || 'skip' in rule) continue;
      const rows = kinds.get(rule.include) ?? new Map();
      for (const row of await repo.rowsWhere(ctx.db, column.table, column.column, userId, rule.only)) {
        for (const omitted of rule.omit ?? []) delete row[omitted];
        // A row found through two columns (a friendship's two sides, a DM to oneself) is written once.
        rows.set(JSON.stringify(row), row);
      }
      kinds.set(rule.include, rows);
      notes.set(rule.include, rule.note);
    }
    const files = await ownFilesForExport(ctx, userId);
    const zip = new ZipFile();
    const entry = { mtime: now, compress: false } as const;
    zip.addBuffer(json(readme(notes, files.length, now)), 'README.json', entry);
    zip.addBuffer(json(account), 'account.json', entry);
    for (const [name, rows] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
      zip.addBuffer(json([...rows.values()]), `${name}.json`, entry);
    }
    for (const file of files) addFile(zip, file);
    const size = await new Promise<number>((resolve) => {
      zip.end(undefined, ((total: number) => resolve(total)) as () => void);
    });
    const stream = zip.outputStream as Readable;
    const release = () => running.delete(userId);
    stream.once('end', release);
    stream.once('close', release);
    stream.once('error', release);
    return { filename: `sweatpact-data-${now.toISOString().slice(0, 10)}.zip`, size, stream };
  } catch (err) {
    running.delete(userId);
    throw err;
  }
}

function addFile(zip: ZipFile, file: ExportedFile) {
  const ext = EXTENSIONS[file.contentType] ?? 'bin';
  zip.addReadStreamLazy(
    `media/${file.kind}-${file.id}.${ext}`,
    { size: file.size, mtime: file.createdAt, compress: false },
    (done) => {
      file.open().then(
        (stream) => done(null, stream),
        (err) => done(err, undefined as never),
      );
    },
  );
}

function readme(notes: Map<string, string>, fileCount: number, now: Date) {
  return {
    about: 'Your SweatPact data, as stored on the day of this export. Times are UTC (ISO 8601).',
    exportedAt: now.toISOString(),
    files: {
      'account.json': 'Your account and profile, with your progress figures.',
      ...Object.fromEntries([...notes].map(([name, note]) => [`${name}.json`, note])),
      'media/': `Your ${fileCount} stored video and picture files, named <kind>-<id>.<ext>; media.json describes each.`,
    },
    notIncluded:
      "Secrets (password hashes, session and provider tokens, push keys), and what is other people's: who " +
      'blocked or reported you, and notifications in their inboxes.',
  };
}
