import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage } from '../../platform/storage';
import { parseRange } from './range';
import type { MediaRow } from './repo';

/** Access is checked per request, so shared caches must not keep it; the bytes of an id never change. */
const CACHE_CONTROL = 'private, max-age=3600';

/**
 * Streams a ready media file with HTTP range support (206 / 416), ETag and Last-Modified validators.
 * HEAD gets the same headers without a body.
 */
export async function sendMedia(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  row: MediaRow,
) {
  const size = row.sizeBytes;
  const etag = `"${row.id}-${size}"`;
  const lastModified = row.createdAt.toUTCString();
  reply
    .header('content-type', row.contentType)
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', lastModified)
    .header('cache-control', CACHE_CONTROL)
    .header('content-disposition', 'inline');

  if (notModified(request, etag, row.createdAt)) return reply.status(304).send();

  // If-Range: a range is only honoured while the client's copy is still this file.
  const ifRange = request.headers['if-range'];
  const rangeHeader =
    !ifRange || ifRange === etag || ifRange === lastModified ? request.headers.range : undefined;
  const range = parseRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).header('content-length', 0).send();
  }
  const span = range.kind === 'partial' ? range : { start: 0, end: size - 1 };
  const length = size === 0 ? 0 : span.end - span.start + 1;
  if (range.kind === 'partial') {
    reply.status(206).header('content-range', `bytes ${span.start}-${span.end}/${size}`);
  }
  reply.header('content-length', length);
  if (request.method === 'HEAD' || length === 0) return reply.send();
  return reply.send(await storage.get(row.id, range.kind === 'partial' ? span : undefined));
}

function notModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === '*');
  const since = request.headers['if-modified-since'];
  if (!since) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(modified.getTime() / 1000) <= Math.floor(time / 1000);
}
