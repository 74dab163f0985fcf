import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  containerOf,
  createClipRecorder,
  FINISH_WAIT_MS,
  pickRecorderMimeType,
  RECORDER_TIMESLICE_MS,
} from './recorder-format';

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

/**
 * Just enough of MediaRecorder: records in mp4 only, can refuse a stream, and lets the test play the encoder (`emit`
 * hands a chunk over; `stop` hands over what `pending` holds, then stops, as the real one flushes its buffer).
 */
class FakeRecorder {
  static isTypeSupported = (type: string) => type.startsWith('video/mp4');
  static refuse = false;
  static last: FakeRecorder | undefined;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  mimeType: string;
  state: 'inactive' | 'recording' = 'inactive';
  timeslice: number | undefined;
  pending = new Blob([]);
  requests = 0;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    if (FakeRecorder.refuse) throw new Error('NotSupportedError');
    this.mimeType = options?.mimeType ?? '';
    FakeRecorder.last = this;
  }
  start(timeslice?: number) {
    this.state = 'recording';
    this.timeslice = timeslice;
  }
  requestData() {
    this.requests++;
    const data = this.pending;
    this.pending = new Blob([]);
    this.emit(data);
  }
  stop() {
    if (this.state === 'inactive') throw new Error('InvalidStateError');
    // As the real one: inactive at once, then its last data, then the stop event.
    this.state = 'inactive';
    const data = this.pending;
    this.pending = new Blob([]);
    this.emit(data);
    this.onstop?.();
  }
  emit(data: Blob) {
    this.ondataavailable?.({ data });
  }
}

describe('createClipRecorder', () => {
  beforeEach(() => {
    vi.stubGlobal('MediaRecorder', FakeRecorder);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeRecorder.refuse = false;
  });
  const stream = {} as MediaStream;
  const record = () => {
    const clips: (Blob | null)[] = [];
    const clip = createClipRecorder(stream, (blob) => clips.push(blob));
    const fake = FakeRecorder.last;
    if (!clip || !fake) throw new Error('no recorder');
    return { clip, fake, clips };
  };

  it('records in slices and joins the non-empty chunks into one clip of the recorded container', () => {
    const { clip, fake, clips } = record();
    expect(fake.mimeType).toBe('video/mp4;codecs=avc1,mp4a');
    clip.start();
    expect(fake.timeslice).toBe(RECORDER_TIMESLICE_MS);
    expect(clip.active).toBe(true);
    fake.emit(new Blob(['ab']));
    fake.emit(new Blob([]));
    fake.pending = new Blob(['c']);
    clip.finish();
    expect(clip.active).toBe(false);
    expect(fake.requests).toBe(0);
    expect(clips).toHaveLength(1);
    expect(clips[0]?.size).toBe(3);
    expect(clips[0]?.type).toBe('video/mp4');
  });

  it('keeps recording on Stop until the encoder hands over its first data', () => {
    const { clip, fake, clips } = record();
    clip.start();
    fake.emit(new Blob([]));
    clip.finish();
    clip.finish();
    // Nothing yet: still recording, and the encoder was asked for what it holds.
    expect(fake.requests).toBe(1);
    expect(clip.active).toBe(true);
    expect(clips).toEqual([]);
    vi.advanceTimersByTime(FINISH_WAIT_MS - 1);
    fake.emit(new Blob(['late']));
    expect(clip.active).toBe(false);
    expect(clips).toHaveLength(1);
    expect(clips[0]?.size).toBe(4);
    vi.advanceTimersByTime(FINISH_WAIT_MS);
    expect(clips).toHaveLength(1);
  });

  it('stops on the asked-for data when the encoder had some buffered', () => {
    const { clip, fake, clips } = record();
    clip.start();
    fake.pending = new Blob(['xyz']);
    clip.finish();
    expect(clip.active).toBe(false);
    expect(clips[0]?.size).toBe(3);
  });

  it('gives up at the cap and hands null when nothing was recorded', () => {
    const { clip, clips } = record();
    clip.start();
    clip.finish();
    vi.advanceTimersByTime(FINISH_WAIT_MS - 1);
    expect(clip.active).toBe(true);
    vi.advanceTimersByTime(1);
    expect(clip.active).toBe(false);
    expect(clips).toEqual([null]);
  });

  it('cancel stops at once and hands no clip, even while waiting for data', () => {
    const { clip, fake, clips } = record();
    clip.start();
    clip.finish();
    clip.cancel();
    expect(fake.state).toBe('inactive');
    vi.advanceTimersByTime(FINISH_WAIT_MS);
    expect(clips).toEqual([]);
  });

  it('gives no recorder when the browser refuses the stream', () => {
    FakeRecorder.refuse = true;
    expect(createClipRecorder(stream, () => {})).toBeNull();
  });
});
