import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { storageFor } from '../../platform/storage';
import { readyFilesOf } from './repo';

/** A stored file of the user, as "Download my data" takes it: its facts, its exact size, and a way to read it. */
export interface ExportedFile {
  id: string;
  kind: string;
  contentType: string;
  createdAt: Date;
  size: number;
  open(): Promise<Readable>;
}

/** The user's finished files that are still in storage (local folder or S3), oldest first. */
export async function ownFilesForExport(ctx: AppContext, ownerId: string): Promise<ExportedFile[]> {
  const rows = await readyFilesOf(ctx.db, ownerId);
  const storage = storageFor(ctx);
  const files: ExportedFile[] = [];
  for (const row of rows) {
    const stat = await storage.stat(row.id);
    if (!stat) continue;
    files.push({ ...row, size: stat.size, open: () => storage.get(row.id) });
  }
  return files;
}
