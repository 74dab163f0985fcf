import type { Readable } from 'node:stream';

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  modifiedAt: Date;
}

/**
 * Where media bytes live: files in `DATA_DIR/media` or an S3-compatible bucket.
 * Keys are made by the server (`newStorageKey`), never taken from a client's file name.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key`, replacing what was there. `size` avoids buffering a stream for S3. */
  put(key: string, body: Readable | Buffer, size?: number): Promise<void>;
  /** A read stream of the whole object or of one range; rejects when the key is missing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** The bytes of one range (for sniffing and header parsing); shorter when the object ends first. */
  read(key: string, range: ByteRange): Promise<Buffer>;
  stat(key: string): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object and the upload bookkeeping stored beside it; missing keys are fine. */
  delete(key: string): Promise<void>;
}
