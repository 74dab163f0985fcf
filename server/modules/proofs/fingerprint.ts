import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Storage } from '../../platform/storage';

/**
 * What the server reads from a proof video's bytes (docs/RULES.md "A video proves one workout"): the SHA-256 of
 * the stored bytes, and a perceptual fingerprint of its frames, taken here (never the client's thumbnail). Frames
 * come from ffmpeg (Debian's package, `FFMPEG_PATH` or `ffmpeg` on the PATH): one a second for the first
 * FINGERPRINT_FRAMES seconds, scaled to 9x9 gray; each frame's dHash is 128 bits (is a pixel darker than its right
 * neighbour, 8x8; than the one below it, 8x8). Without ffmpeg the fingerprint is skipped (logged once); the hash always runs.
 */

export const FINGERPRINT_FRAMES = 8;
/** Mean differing bits (of 128) per compared frame at or below which two videos look alike. */
export const LOOKALIKE_MAX_BITS = 12;
/** Frames compared at least (a 1 s clip has one frame and is not compared). */
const MIN_COMPARED_FRAMES = 2;
/** A frame with fewer set bits than this (or more than 128 minus it) is flat (black, white) and ignored. */
const FLAT_BITS = 12;
const FRAME_BITS = 128;
const FRAME_HEX = FRAME_BITS / 4;
const FRAME_BYTES = 9 * 9;
/** Smaller files are not fingerprinted (no ffmpeg run for them). */
const MIN_VIDEO_BYTES = 8 * 1024;
const BANDS = FRAME_BITS / 16;

/** SHA-256 (hex) of the stored bytes, read as a stream (an upload's is usually computed as it was written). */
export { sha256OfStored as sha256Of } from '../../platform/storage';

/** 128-bit dHash of a 9x9 gray frame (row-major), as 32 hex characters: horizontal then vertical differences. */
export function dHash(frame: Uint8Array): string {
  const px = (row: number, col: number) => frame[row * 9 + col] ?? 0;
  let hex = '';
  const push = (bits: boolean[]) => {
    for (let i = 0; i < bits.length; i += 4) {
      hex += (
        (bits[i]! ? 8 : 0) |
        (bits[i + 1]! ? 4 : 0) |
        (bits[i + 2]! ? 2 : 0) |
        (bits[i + 3]! ? 1 : 0)
      ).toString(16);
    }
  };
  const horizontal: boolean[] = [];
  const vertical: boolean[] = [];
  for (let row = 0; row < 8; row++) {
    for (let col = 0; col < 8; col++) {
      horizontal.push(px(row, col) < px(row, col + 1));
      vertical.push(px(row, col) < px(row + 1, col));
    }
  }
  push(horizontal);
  push(vertical);
  return hex;
}

function bitsOf(hex: string): number {
  let n = 0;
  for (const c of hex) {
    let v = Number.parseInt(c, 16);
    while (v) {
      n += v & 1;
      v >>= 1;
    }
  }
  return n;
}

function distance(a: string, b: string): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    let v = Number.parseInt(a[i]!, 16) ^ Number.parseInt(b[i]!, 16);
    while (v) {
      n += v & 1;
      v >>= 1;
    }
  }
  return n;
}

const isFlat = (hash: string) => {
  const bits = bitsOf(hash);
  return bits < FLAT_BITS || bits > FRAME_BITS - FLAT_BITS;
};

/** The frames of a fingerprint (32 hex characters each). */
export const framesOf = (fingerprint: string) => fingerprint.match(new RegExp(`.{${FRAME_HEX}}`, 'g')) ?? [];

/** Index keys of a fingerprint: each non-flat frame's 8 bands of 16 bits, as band * 65536 + value. */
export function bandsOf(fingerprint: string): number[] {
  const keys = new Set<number>();
  for (const frame of framesOf(fingerprint)) {
    if (isFlat(frame)) continue;
    for (let band = 0; band < BANDS; band++) {
      keys.add(band * 65536 + Number.parseInt(frame.slice(band * 4, band * 4 + 4), 16));
    }
  }
  return [...keys];
}

/**
 * Mean differing bits per frame between two fingerprints at their best alignment (one may start up to 3 s later
 * than the other), over non-flat frame pairs; null when fewer than 2 pairs compare.
 */
export function lookalikeDistance(a: string, b: string): number | null {
  const fa = framesOf(a);
  const fb = framesOf(b);
  let best: number | null = null;
  for (let shift = -3; shift <= 3; shift++) {
    let total = 0;
    let pairs = 0;
    for (let i = 0; i < fa.length; i++) {
      const x = fa[i]!;
      const y = fb[i + shift];
      if (y === undefined || isFlat(x) || isFlat(y)) continue;
      total += distance(x, y);
      pairs += 1;
    }
    if (pairs >= MIN_COMPARED_FRAMES && (best === null || total / pairs < best)) best = total / pairs;
  }
  return best;
}

let ffmpegMissing = false;

/** Whether a run found no ffmpeg (the fingerprint step is skipped until the process restarts). */
export const ffmpegAbsent = () => ffmpegMissing;

/**
 * The fingerprint of a stored video: the frames' dHashes concatenated, or null when ffmpeg is missing or reads
 * no frame (a file it cannot decode). The bytes go through a temporary file, as an mp4 may keep its index at the
 * end, which ffmpeg cannot read from a pipe.
 */
export async function fingerprintOf(
  storage: Storage,
  key: string,
  log: { warn(obj: object, msg: string): void },
): Promise<string | null> {
  if (ffmpegMissing) return null;
  // A few kilobytes hold no second of video worth comparing (a phone's 1 s clip is tens of kilobytes).
  const stat = await storage.stat(key);
  if (!stat || stat.size < MIN_VIDEO_BYTES) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sweatpact-fp-'));
  const file = path.join(dir, 'video');
  try {
    await pipeline(await storage.get(key), createWriteStream(file));
    const raw = await grayFrames(file);
    if (raw === 'missing') {
      ffmpegMissing = true;
      log.warn({ key }, 'ffmpeg not found: proof videos are hashed but not fingerprinted (docs/RULES.md)');
      return null;
    }
    const frames: string[] = [];
    for (let at = 0; at + FRAME_BYTES <= raw.length; at += FRAME_BYTES) {
      frames.push(dHash(raw.subarray(at, at + FRAME_BYTES)));
    }
    return frames.length ? frames.join('') : null;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Raw 9x9 gray frames from ffmpeg, one a second; 'missing' when there is no ffmpeg to run. */
function grayFrames(file: string): Promise<Buffer | 'missing'> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.env.FFMPEG_PATH || 'ffmpeg',
      [
        ...['-v', 'error', '-nostdin', '-i', file],
        ...['-vf', 'fps=1,scale=9:9:flags=area,format=gray', '-frames:v', String(FINGERPRINT_FRAMES)],
        ...['-f', 'rawvideo', 'pipe:1'],
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' ? resolve('missing') : reject(err),
    );
    // A file ffmpeg cannot decode ends with a non-zero code and no frames: no fingerprint, not an error.
    child.on('close', () => resolve(Buffer.concat(chunks)));
  });
}
