/**
 * Small, structurally valid media files for tests: enough header for the byte sniffing and duration
 * checks, then padding. Other domains' tests use them to make ready uploads.
 */

function ebml(id: number[], data: Buffer): Buffer {
  // 8-byte size form: 0x01 marker then 7 bytes, fits any test buffer.
  const size = Buffer.alloc(8);
  size.writeUInt8(0x01, 0);
  size.writeUIntBE(data.length, 2, 6);
  return Buffer.concat([Buffer.from(id), size, data]);
}

function padTo(head: Buffer, totalBytes: number): Buffer {
  if (totalBytes < head.length)
    throw new Error(`A file of ${totalBytes} bytes cannot hold its ${head.length}-byte header`);
  const out = Buffer.alloc(totalBytes, 0);
  head.copy(out);
  for (let i = head.length; i < totalBytes; i++) out[i] = (i * 31) % 256;
  return out;
}

/** A webm: EBML header (DocType webm), Segment > Info (Duration only when given, like MediaRecorder), Cluster. */
export function fakeWebm(
  totalBytes = 4096,
  opts: { durationSeconds?: number; docType?: string } = {},
): Buffer {
  const header = ebml([0x1a, 0x45, 0xdf, 0xa3], ebml([0x42, 0x82], Buffer.from(opts.docType ?? 'webm')));
  const infoParts = [ebml([0x2a, 0xd7, 0xb1], Buffer.from([0x0f, 0x42, 0x40]))];
  if (opts.durationSeconds !== undefined) {
    const d = Buffer.alloc(8);
    d.writeDoubleBE(opts.durationSeconds * 1000);
    infoParts.push(ebml([0x44, 0x89], d));
  }
  const info = ebml([0x15, 0x49, 0xa9, 0x66], Buffer.concat(infoParts));
  // Segment and Cluster of unknown size, as a live recorder writes them.
  const unknown = Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  const segment = Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67]), unknown, info]);
  const cluster = Buffer.concat([Buffer.from([0x1f, 0x43, 0xb6, 0x75]), unknown]);
  return padTo(Buffer.concat([header, segment, cluster]), totalBytes);
}

function box(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

/** An mp4: ftyp, moov > mvhd (timescale 1000) and an mdat of padding. */
export function fakeMp4(totalBytes = 4096, durationSeconds = 5): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(Math.round(durationSeconds * 1000), 16);
  const moov = box('moov', box('mvhd', mvhd));
  const head = Buffer.concat([ftyp, moov]);
  const mdatSize = totalBytes - head.length;
  if (mdatSize < 8) throw new Error(`An mp4 needs at least ${head.length + 8} bytes`);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(mdatSize, 0);
  mdat.write('mdat', 4, 'latin1');
  return padTo(Buffer.concat([head, mdat]), totalBytes);
}

/** A JPEG start (SOI + APP0 JFIF) followed by padding. */
export function fakeJpeg(totalBytes = 2048): Buffer {
  return padTo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]), totalBytes);
}

/** A PNG: signature, IHDR, optionally an animation control chunk (APNG), IDAT, IEND, then padding. */
export function fakePng(totalBytes = 2048, opts: { animated?: boolean } = {}): Buffer {
  const chunk = (type: string, length: number) => {
    const c = Buffer.alloc(12 + length);
    c.writeUInt32BE(length, 0);
    c.write(type, 4, 'latin1');
    return c;
  };
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const parts = [sig, chunk('IHDR', 13), ...(opts.animated ? [chunk('acTL', 8)] : []), chunk('IDAT', 16)];
  return padTo(Buffer.concat([...parts, chunk('IEND', 0)]), totalBytes);
}

/** A GIF header (an image type that is not accepted). */
export const fakeGif = (totalBytes = 2048) =>
  padTo(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), totalBytes);

type InjectApp = import('fastify').FastifyInstance;
type Who = { headers: { cookie: string; origin: string } };

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** tus request headers for `who`; `metadata` becomes Upload-Metadata. */
export function tusHeaders(who: Who, extra: Record<string, string> = {}, metadata?: Record<string, string>) {
  const meta = metadata
    ? {
        'upload-metadata': Object.entries(metadata)
          .map(([k, v]) => `${k} ${b64(v)}`)
          .join(','),
      }
    : {};
  return { ...who.headers, 'tus-resumable': '1.0.0', ...meta, ...extra };
}

/** Uploads `bytes` in one PATCH through the real tus endpoint; answers the media id (throws unless ready). */
export async function uploadMediaVia(
  app: InjectApp,
  who: Who,
  bytes: Buffer,
  meta: { kind: import('../../../shared/api/media').MediaKind; filetype: string },
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: tusHeaders(who, { 'upload-length': String(bytes.length) }, meta),
  });
  if (created.statusCode !== 201) throw new Error(`create upload: ${created.statusCode} ${created.body}`);
  const location = String(created.headers.location);
  const patched = await app.inject({
    method: 'PATCH',
    url: location,
    headers: tusHeaders(who, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
    payload: bytes,
  });
  if (patched.statusCode !== 204) throw new Error(`upload: ${patched.statusCode} ${patched.body}`);
  return location.split('/').pop()!;
}
