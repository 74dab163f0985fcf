import { readVint } from './sniff';

/** Reads bytes [start, end] (inclusive) of the file; may return fewer at its end. */
export type RangeReader = (start: number, end: number) => Promise<Buffer>;

/** Bytes read from the head of a webm file: the Segment Info sits before the first Cluster. */
export const WEBM_HEAD_BYTES = 256 * 1024;
const MAX_BOXES = 10_000;

/**
 * The duration in seconds from the container header, or null when the file does not say
 * (MediaRecorder webm has no Duration; fragmented mp4 may not either).
 */
export async function readDurationSeconds(
  type: 'video/webm' | 'video/mp4',
  size: number,
  read: RangeReader,
): Promise<number | null> {
  try {
    if (type === 'video/webm') return webmDuration(await read(0, Math.min(size, WEBM_HEAD_BYTES) - 1));
    return await mp4Duration(size, read);
  } catch (err) {
    // A header cut short reads past its buffer: the file does not tell its duration.
    if (err instanceof RangeError) return null;
    throw err;
  }
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

/** Segment > Info > Duration (in TimecodeScale units, default 1 ms). */
export function webmDuration(buf: Buffer): number | null {
  let pos = 0;
  let insideSegment = false;
  while (pos < buf.length) {
    const id = readVint(buf, pos, true);
    const size = id && readVint(buf, pos + id.length, false);
    if (!id || !size) return null;
    const data = pos + id.length + size.length;
    if (id.value === SEGMENT && !insideSegment) {
      insideSegment = true;
      pos = data;
      continue;
    }
    if (!insideSegment) {
      if (size.unknown) return null;
      pos = data + size.value;
      continue;
    }
    if (id.value === INFO) return size.unknown ? null : infoDuration(buf.subarray(data, data + size.value));
    if (id.value === CLUSTER || size.unknown) return null;
    pos = data + size.value;
  }
  return null;
}

function infoDuration(info: Buffer): number | null {
  let scale = 1_000_000;
  let duration: number | null = null;
  let pos = 0;
  while (pos < info.length) {
    const id = readVint(info, pos, true);
    const size = id && readVint(info, pos + id.length, false);
    if (!id || !size) break;
    const data = pos + id.length + size.length;
    if (data + size.value > info.length) break;
    if (id.value === TIMECODE_SCALE && size.value >= 1 && size.value <= 6) {
      scale = info.readUIntBE(data, size.value);
    } else if (id.value === DURATION && size.value === 4) {
      duration = info.readFloatBE(data);
    } else if (id.value === DURATION && size.value === 8) {
      duration = info.readDoubleBE(data);
    }
    pos = data + size.value;
  }
  if (duration === null || !Number.isFinite(duration) || duration <= 0) return null;
  return (duration * scale) / 1e9;
}

interface Box {
  type: string;
  start: number;
  headerSize: number;
  end: number;
}

async function readBox(read: RangeReader, pos: number, limit: number): Promise<Box | null> {
  if (pos + 8 > limit) return null;
  const head = await read(pos, Math.min(pos + 15, limit - 1));
  if (head.length < 8) return null;
  let size = head.readUInt32BE(0);
  const type = head.toString('latin1', 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (head.length < 16) return null;
    size = Number(head.readBigUInt64BE(8));
    headerSize = 16;
  } else if (size === 0) {
    size = limit - pos;
  }
  if (size < headerSize) return null;
  return { type, start: pos, headerSize, end: Math.min(pos + size, limit) };
}

async function findChild(read: RangeReader, from: number, to: number, type: string): Promise<Box | null> {
  let pos = from;
  for (let i = 0; i < MAX_BOXES && pos < to; i++) {
    const box = await readBox(read, pos, to);
    if (!box) return null;
    if (box.type === type) return box;
    pos = box.end;
  }
  return null;
}

/** moov > mvhd duration / timescale; for fragmented files moov > mvex > mehd. */
export async function mp4Duration(size: number, read: RangeReader): Promise<number | null> {
  const moov = await findChild(read, 0, size, 'moov');
  if (!moov) return null;
  const body = moov.start + moov.headerSize;
  const mvhd = await findChild(read, body, moov.end, 'mvhd');
  if (!mvhd) return null;
  const full = await read(
    mvhd.start + mvhd.headerSize,
    Math.min(mvhd.end, mvhd.start + mvhd.headerSize + 32) - 1,
  );
  const version = full[0];
  const timescale = version === 1 ? full.readUInt32BE(20) : full.readUInt32BE(12);
  if (!timescale) return null;
  let units = version === 1 ? Number(full.readBigUInt64BE(24)) : full.readUInt32BE(16);
  const unknown = version === 1 ? units >= Number.MAX_SAFE_INTEGER : units === 0xffffffff;
  if (units === 0 || unknown) {
    const mvex = await findChild(read, body, moov.end, 'mvex');
    const mehd = mvex && (await findChild(read, mvex.start + mvex.headerSize, mvex.end, 'mehd'));
    if (!mehd) return null;
    const m = await read(
      mehd.start + mehd.headerSize,
      Math.min(mehd.end, mehd.start + mehd.headerSize + 12) - 1,
    );
    units = m[0] === 1 ? Number(m.readBigUInt64BE(4)) : m.readUInt32BE(4);
    if (!units) return null;
  }
  return units / timescale;
}
