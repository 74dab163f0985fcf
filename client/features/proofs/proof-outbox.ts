/**
 * Proofs on their way, kept in IndexedDB with their video (docs/MEDIA.md, "A proof survives a reload"): a reload,
 * a closed tab or a phone that drops the page mid-upload no longer loses a recorded workout. The chat puts a proof
 * here before its upload starts and removes it once the server stored it (or the person discarded it); opening the
 * chat again sends what is left, with the same client key (stored once) and the same bytes (the upload resumes).
 * Where IndexedDB is missing or refuses (private mode, quota), each call does nothing and the chat works as before.
 * Signing out clears it: no workout video stays on a shared device.
 */
export interface StoredProof {
  clientKey: string;
  challengeId: number;
  userId: string;
  video: Blob;
  value: number;
  /** The code word it was recorded with (kept before code words existed: none, and the server refuses it). */
  codeWordId?: number;
  createdAt: string;
}

const DB_NAME = 'sweatpact';
const STORE = 'proof-outbox';

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: 'clientKey' });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const db = await open();
  if (!db) return null;
  return new Promise((resolve) => {
    try {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

export async function keepProof(proof: StoredProof): Promise<void> {
  await run('readwrite', (store) => store.put(proof));
}

export async function forgetProof(clientKey: string): Promise<void> {
  await run('readwrite', (store) => store.delete(clientKey));
}

/** Sign-out: no workout video stays on the device for the next person to use it. */
export async function forgetAllProofs(): Promise<void> {
  await run('readwrite', (store) => store.clear());
}

/** This person's proofs still on their way in this Pact, oldest first. */
export async function proofsWaiting(challengeId: number, userId: string): Promise<StoredProof[]> {
  const all = ((await run('readonly', (store) => store.getAll())) ?? []) as StoredProof[];
  return all
    .filter((p) => p.challengeId === challengeId && p.userId === userId && p.video instanceof Blob)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
