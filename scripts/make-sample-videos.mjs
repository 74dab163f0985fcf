#!/usr/bin/env node
/**
 * Generates the exercise clips and illustrations served at /samples/<key>.(mp4|jpg|svg) (docs/MEDIA.md,
 * "Exercise clips"): a flat-style figure doing the movement (scripts/exercise-figure.mjs), 4 s seamless loops at
 * 360x640, 24 fps, H.264 without sound, no text, no watermark. Each frame is an SVG rasterised by ffmpeg's librsvg.
 * The outputs are committed: nothing needs ffmpeg at run time and nothing is downloaded.
 *
 *   node scripts/make-sample-videos.mjs [key ...]       (all clips by default)
 *   node scripts/make-sample-videos.mjs --sheet [key]   (a contact sheet of frames in .tmp/, to look at)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXERCISES, frameSvg, illustrationSvg } from './exercise-figure.mjs';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'client/public/samples');
const FPS = 24;
const SECONDS = 4;
const SIZE_LIMIT = 120 * 1024;

function ffmpeg(args) {
  const run = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    stdio: 'inherit',
  });
  if (run.error || run.status !== 0) {
    throw new Error(`ffmpeg failed (${run.error?.message ?? `exit ${run.status}`}); apt-get install ffmpeg`);
  }
}

function writeFrames(key, dir, count, times) {
  for (let i = 0; i < count; i++) {
    fs.writeFileSync(path.join(dir, `f${String(i).padStart(3, '0')}.svg`), frameSvg(key, times(i)));
  }
}

function makeClip(key) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clip-${key}-`));
  const frames = FPS * SECONDS;
  writeFrames(key, dir, frames, (i) => i / frames);
  const input = ['-framerate', String(FPS), '-c:v', 'librsvg', '-i', path.join(dir, 'f%03d.svg')];
  const mp4 = path.join(outDir, `${key}.mp4`);
  ffmpeg([
    ...input,
    ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '26', '-pix_fmt', 'yuv420p', '-an'],
    ...['-profile:v', 'main', '-movflags', '+faststart', mp4],
  ]);
  // The poster: the frame a quarter into the loop, as the JPEG a recorded proof's thumbnail would be.
  const still = path.join(dir, 'f024.svg');
  ffmpeg(['-c:v', 'librsvg', '-i', still, '-q:v', '4', path.join(outDir, `${key}.jpg`)]);
  fs.writeFileSync(path.join(outDir, `${key}.svg`), `${illustrationSvg(key)}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
  const size = fs.statSync(mp4).size;
  if (size > SIZE_LIMIT) throw new Error(`${key}.mp4 is ${size} bytes, over ${SIZE_LIMIT}`);
  console.log(`${key}: ${(size / 1024).toFixed(1)} KB`);
}

function makeSheet(keys) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-'));
  const sheetDir = path.join(root, '.tmp');
  fs.mkdirSync(sheetDir, { recursive: true });
  for (const key of keys) {
    writeFrames(key, dir, 8, (i) => i / 8);
    const inputs = [];
    for (let i = 0; i < 8; i++) inputs.push('-c:v', 'librsvg', '-i', path.join(dir, `f00${i}.svg`));
    const out = path.join(sheetDir, `sheet-${key}.png`);
    ffmpeg([...inputs, '-filter_complex', `hstack=inputs=8,scale=1440:-1`, out]);
    console.log(out);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

const args = process.argv.slice(2);
const sheet = args[0] === '--sheet';
const asked = args.filter((a) => !a.startsWith('--'));
const keys = asked.length ? asked : Object.keys(EXERCISES);
for (const key of keys) if (!EXERCISES[key]) throw new Error(`Unknown exercise ${key}`);
if (sheet) makeSheet(keys);
else {
  fs.mkdirSync(outDir, { recursive: true });
  for (const key of keys) makeClip(key);
}
