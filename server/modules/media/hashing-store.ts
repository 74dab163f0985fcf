import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { DataStore } from '@tus/utils';

/**
 * The SHA-256 of an upload, computed while its bytes are written (docs/RULES.md "A video proves one workout"), so
 * neither the upload's end nor a proof's posting reads the file again. Each tus PATCH streams through a hash kept
 * per upload in memory. The hash is trusted only when it saw exactly the bytes the store wrote, in order from byte
 * 0: a PATCH that failed part way, a resume at another offset, or an upload begun on another instance or before a
 * restart leaves no hash, and the caller reads the stored file instead.
 */
const running = new Map<string, { hash: Hash; offset: number }>();

export function hashWhileWriting(store: DataStore): DataStore {
  const write = store.write.bind(store);
  store.write = async (stream, id, offset) => {
    let state = running.get(id);
    if (!state && offset === 0) state = { hash: createHash('sha256'), offset: 0 };
    if (!state || state.offset !== offset) {
      running.delete(id);
      return write(stream, id, offset);
    }
    const hashing = state;
    running.delete(id);
    let seen = 0;
    const tee = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hashing.hash.update(chunk);
        seen += chunk.length;
        done(null, chunk);
      },
    });
    stream.on('error', (err) => tee.destroy(err));
    const next = await write(stream.pipe(tee), id, offset);
    // Only what the store wrote counts: a short write (an aborted PATCH) leaves the hash behind.
    if (next === offset + seen) running.set(id, { hash: hashing.hash, offset: next });
    return next;
  };
  return store;
}

/** The hash of an upload that ended at `size` bytes, if every byte went through it; forgets it either way. */
export function takeUploadHash(id: string, size: number): string | null {
  const state = running.get(id);
  running.delete(id);
  return state && state.offset === size ? state.hash.digest('hex') : null;
}

/** Forgets an upload's running hash (deleted or rejected). */
export function dropUploadHash(id: string): void {
  running.delete(id);
}
