import { type DetailedError, Upload, type UrlStorage } from 'tus-js-client';
import { type MediaKind, mediaIdFromUploadUrl, mediaUrl, UPLOADS_PATH } from '../../shared/api/media';
import { ApiError } from '../api/errors';
import { holdPage } from './leave-guard';

export interface UploadFileOptions {
  kind: MediaKind;
  /** Bytes the server has accepted so far, and the total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Defaults to the uploads path of the route table on this origin (tests pass an absolute URL). */
  endpoint?: string;
  /** Where unfinished upload URLs are remembered for resuming; defaults to localStorage in browsers. */
  urlStorage?: UrlStorage;
  /** Extra request headers: browsers send the session cookie themselves, Node callers (tests) pass it here. */
  headers?: Record<string, string>;
}

/** After a dropped connection: retry at once, then back off up to 20 s (mobile networks come back slowly). */
export const UPLOAD_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];
/** Each PATCH carries at most this much, so a drop costs little and progress stays fresh. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * Uploads a recorded video or thumbnail with tus (docs/MEDIA.md). An upload of the same bytes that was cut off
 * earlier (even before a page reload) resumes where the server stopped. A refused upload is the client layer's
 * ApiError ("STATUS: body"), so `errorMessage` shows the server's reason (wrong type, too long, too large).
 */
export function uploadFile(file: Blob, opts: UploadFileOptions): Promise<{ mediaId: string; url: string }> {
  // The bytes exist only in this page until the server has them: leaving asks first (lib/leave-guard.ts).
  const release = holdPage();
  return sendFile(file, opts).finally(release);
}

function sendFile(file: Blob, opts: UploadFileOptions): Promise<{ mediaId: string; url: string }> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortError());
    const upload = new Upload(file, {
      endpoint: opts.endpoint ?? UPLOADS_PATH,
      metadata: { kind: opts.kind, filetype: file.type },
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: UPLOAD_RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      // tus treats a null fingerprint as "do not remember" though its types say string.
      fingerprint: (input) => contentFingerprint(input as Blob, opts.kind) as Promise<string>,
      // Browsers: tus's own reader hands Blob slices to XHR, which streams them. Node has no Blob reader.
      ...(typeof XMLHttpRequest === 'undefined' ? { fileReader: nodeBlobReader } : {}),
      headers: opts.headers ?? {},
      ...(opts.urlStorage ? { urlStorage: opts.urlStorage } : {}),
      onBeforeRequest: (req) => {
        // Same-origin XHR sends the session cookie; this keeps it when the app runs on another origin in dev.
        const xhr = req.getUnderlyingObject() as { withCredentials?: boolean };
        if (xhr && 'withCredentials' in xhr) xhr.withCredentials = true;
      },
      onProgress: (sent, total) => opts.onProgress?.(sent, total),
      onError: (error) => {
        opts.signal?.removeEventListener('abort', onAbort);
        const failure = toHttpError(error);
        // A refused file (4xx) can never resume: forget it so the same bytes start fresh next time.
        const refused = failure instanceof ApiError && failure.status >= 400 && failure.status < 500;
        (refused ? forgetPrevious(upload) : Promise.resolve()).finally(() => reject(failure));
      },
      onSuccess: () => {
        opts.signal?.removeEventListener('abort', onAbort);
        const mediaId = mediaIdFromUploadUrl(upload.url ?? '');
        resolve({ mediaId, url: mediaUrl(mediaId) });
      },
    });
    const onAbort = () => {
      void upload.abort(false);
      reject(abortError());
    };
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (opts.signal?.aborted) return;
        const last = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (last) upload.resumeFromPreviousUpload(last);
        upload.start();
      })
      .catch((error: unknown) => reject(error instanceof Error ? error : new Error(String(error))));
  });
}

async function forgetPrevious(upload: Upload): Promise<void> {
  const { urlStorage } = upload.options;
  if (!urlStorage) return;
  try {
    for (const previous of await upload.findPreviousUploads())
      await urlStorage.removeUpload(previous.urlStorageKey);
  } catch {
    // Storage unavailable (private mode): nothing was remembered either.
  }
}

/**
 * Identifies the bytes, not the name: recorded Blobs have no name or date, so tus's default fingerprint would
 * let two recordings of equal size resume each other. Hashes the size plus the first and last megabyte.
 */
export async function contentFingerprint(blob: Blob, kind: MediaKind): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const edge = 1024 * 1024;
  const head = await blob.slice(0, edge).arrayBuffer();
  const tail =
    blob.size > edge ? await blob.slice(Math.max(edge, blob.size - edge)).arrayBuffer() : new ArrayBuffer(0);
  const label = new TextEncoder().encode(`${kind}:${blob.type}:${blob.size}:`);
  const bytes = new Uint8Array(label.byteLength + head.byteLength + tail.byteLength);
  bytes.set(label, 0);
  bytes.set(new Uint8Array(head), label.byteLength);
  bytes.set(new Uint8Array(tail), label.byteLength + head.byteLength);
  const digest = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return `sp-${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Reads Blob slices as byte arrays for Node (tests, scripts), whose tus reader accepts no Blob. */
const nodeBlobReader = {
  async openFile(input: Blob) {
    return {
      size: input.size,
      async slice(start: number, end: number) {
        const bytes = new Uint8Array(await input.slice(start, end).arrayBuffer());
        // tus reads `size` off the chunk (Node's request sets Content-Length from it).
        const value = Object.assign(bytes, { size: bytes.byteLength });
        return { value, size: value.size, done: end >= input.size };
      },
      close() {},
    };
  },
};

function toHttpError(error: Error | DetailedError): Error {
  const res = 'originalResponse' in error ? error.originalResponse : null;
  if (!res) return error;
  return new ApiError(res.getStatus(), res.getBody() ?? '', error.message);
}

function abortError(): Error {
  return new DOMException('Upload cancelled', 'AbortError');
}
