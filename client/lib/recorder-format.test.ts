import { afterEach, describe, expect, it, vi } from 'vitest';
import { containerOf, createClipRecorder, pickRecorderMimeType } from './recorder-format';

describe('pickRecorderMimeType', () => {
  it('prefers webm', () => {
    expect(pickRecorderMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickRecorderMimeType((t) => t === 'video/webm')).toBe('video/webm');
  });
  it('falls back to mp4 where only mp4 records (iOS Safari)', () => {
    expect(pickRecorderMimeType((t) => t.startsWith('video/mp4'))).toBe('video/mp4;codecs=avc1,mp4a');
  });
  it('lets the browser choose when it answers no to everything or throws', () => {
    expect(pickRecorderMimeType(() => false)).toBe('');
    expect(
      pickRecorderMimeType(() => {
        throw new Error('unsupported');
      }),
    ).toBe('');
  });
  it('names the container of a recorded type', () => {
    expect(containerOf('video/mp4;codecs=avc1')).toBe('video/mp4');
    expect(containerOf('video/webm;codecs=vp8,opus')).toBe('video/webm');
    expect(containerOf('')).toBe('video/webm');
  });
});

/** Just enough of MediaRecorder: records in mp4 only, hands chunks out, and can refuse a stream. */
class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith('video/mp4');
  static refuse = false;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  mimeType: string;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    if (FakeRecorder.refuse) throw new Error('NotSupportedError');
    this.mimeType = options?.mimeType ?? '';
  }
}

describe('createClipRecorder', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeRecorder.refuse = false;
  });
  const stream = {} as MediaStream;

  it('joins the non-empty chunks into one clip of the recorded container', () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const clips: (Blob | null)[] = [];
    const recorder = createClipRecorder(stream, (clip) => clips.push(clip)) as unknown as FakeRecorder;
    expect(recorder.mimeType).toBe('video/mp4;codecs=avc1,mp4a');
    recorder.ondataavailable?.({ data: new Blob(['ab']) });
    recorder.ondataavailable?.({ data: new Blob([]) });
    recorder.ondataavailable?.({ data: new Blob(['c']) });
    recorder.onstop?.();
    expect(clips).toHaveLength(1);
    expect(clips[0]?.size).toBe(3);
    expect(clips[0]?.type).toBe('video/mp4');
  });

  it('hands null when nothing was recorded, and gives no recorder when the browser refuses', () => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    const clips: (Blob | null)[] = [];
    const recorder = createClipRecorder(stream, (clip) => clips.push(clip)) as unknown as FakeRecorder;
    recorder.onstop?.();
    expect(clips).toEqual([null]);
    FakeRecorder.refuse = true;
    expect(createClipRecorder(stream, () => {})).toBeNull();
  });
});
