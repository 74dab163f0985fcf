import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mp4Duration, readDurationSeconds, webmDuration } from './duration';
import { baseMimeType, sniffContentType } from './sniff';
import { fakeJpeg, fakeMp4, fakeWebm } from './testing';

const reader = (buf: Buffer) => async (start: number, end: number) => buf.subarray(start, end + 1);
const samples = path.resolve(import.meta.dirname, '../../../client/public/samples');

describe('sniffContentType', () => {
  it('recognises webm, mp4 and JPEG by their bytes', () => {
    expect(sniffContentType(fakeWebm())).toBe('video/webm');
    expect(sniffContentType(fakeMp4())).toBe('video/mp4');
    expect(sniffContentType(fakeJpeg())).toBe('image/jpeg');
  });

  it('refuses text, other Matroska doc types and short heads', () => {
    expect(sniffContentType(Buffer.from('hello, this is not a video at all'))).toBeNull();
    expect(sniffContentType(fakeWebm(4096, { docType: 'matroska' }))).toBeNull();
    expect(sniffContentType(Buffer.from([0x1a, 0x45]))).toBeNull();
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
    expect(sniffContentType(Buffer.from('GIF89a-----------'))).toBeNull();
  });

  it('drops codec parameters from declared types', () => {
    expect(baseMimeType('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(baseMimeType(' Video/MP4 ')).toBe('video/mp4');
  });
});

describe('container duration', () => {
  it('reads the webm Segment Info Duration, and null when MediaRecorder left it out', () => {
    expect(webmDuration(fakeWebm(4096, { durationSeconds: 12.5 }))).toBeCloseTo(12.5);
    expect(webmDuration(fakeWebm(4096))).toBeNull();
    expect(webmDuration(Buffer.from('not ebml'))).toBeNull();
  });

  it('reads the mp4 mvhd duration wherever moov sits', async () => {
    const mp4 = fakeMp4(10_000, 601);
    expect(await mp4Duration(mp4.length, reader(mp4))).toBeCloseTo(601);
    // moov after mdat (no faststart): reorder the boxes.
    const ftypEnd = mp4.readUInt32BE(0);
    const moovEnd = ftypEnd + mp4.readUInt32BE(ftypEnd);
    const moved = Buffer.concat([
      mp4.subarray(0, ftypEnd),
      mp4.subarray(moovEnd),
      mp4.subarray(ftypEnd, moovEnd),
    ]);
    expect(await mp4Duration(moved.length, reader(moved))).toBeCloseTo(601);
  });

  it('gives null for truncated or box-less files instead of throwing', async () => {
    const cut = fakeMp4(4096).subarray(0, 60);
    expect(await readDurationSeconds('video/mp4', cut.length, reader(cut))).toBeNull();
    const junk = Buffer.alloc(64, 0xff);
    expect(await readDurationSeconds('video/mp4', junk.length, reader(junk))).toBeNull();
  });

  it('reads the bundled ffmpeg sample clips (4 s H.264 mp4)', async () => {
    const file = fs.readFileSync(path.join(samples, 'push-ups.mp4'));
    expect(sniffContentType(file)).toBe('video/mp4');
    expect(await readDurationSeconds('video/mp4', file.length, reader(file))).toBeCloseTo(4, 1);
    expect(sniffContentType(fs.readFileSync(path.join(samples, 'push-ups.jpg')))).toBe('image/jpeg');
  });
});
