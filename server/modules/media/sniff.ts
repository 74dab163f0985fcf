import { type ImageUploadType, sniffImage } from '../../../shared/domain/images';

/** The container types we accept (webm and mp4 videos, JPEG thumbnails), recognised by their first bytes. */
export type SniffedType = 'video/webm' | 'video/mp4' | ImageUploadType;

/** How many leading bytes `sniffContentType` needs to decide. */
export const SNIFF_BYTES = 64;

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const EBML_DOCTYPE_ID = 0x4282;

/** The real type of a file from its head, or null when it is none of webm, mp4 and JPEG. */
export function sniffContentType(head: Buffer): SniffedType | null {
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) {
    // Matroska shares the EBML magic: only a webm DocType (or none we can read) passes.
    const docType = readEbmlDocType(head);
    return docType === null || docType === 'webm' ? 'video/webm' : null;
  }
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  if (head.length >= 3 && head.subarray(0, 3).equals(JPEG_MAGIC)) return 'image/jpeg';
  return sniffImage(head);
}

/** The declared MIME type without parameters: `video/webm;codecs=vp8` -> `video/webm`. */
export function baseMimeType(declared: string): string {
  return declared.split(';')[0]!.trim().toLowerCase();
}

/** An EBML variable-length integer at `pos`: its length and value (marker bit kept for ids). */
export function readVint(
  buf: Buffer,
  pos: number,
  keepMarker: boolean,
): { length: number; value: number; unknown: boolean } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf[pos + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

/** Reads the DocType string from the EBML header at the start of `buf`, or null if absent. */
function readEbmlDocType(buf: Buffer): string | null {
  const size = readVint(buf, 4, false);
  if (!size) return null;
  let pos = 4 + size.length;
  const end = Math.min(buf.length, pos + size.value);
  while (pos < end) {
    const id = readVint(buf, pos, true);
    if (!id) return null;
    const len = readVint(buf, pos + id.length, false);
    if (!len) return null;
    const data = pos + id.length + len.length;
    if (id.value === EBML_DOCTYPE_ID) {
      return data + len.value <= buf.length ? buf.toString('latin1', data, data + len.value) : null;
    }
    pos = data + len.value;
  }
  return null;
}
