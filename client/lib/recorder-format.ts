/** MediaRecorder formats: webm where the browser records it, else mp4 (iOS Safari). */
export const RECORDER_MIME_CANDIDATES = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
] as const;

/** The first supported candidate, or '' to let the browser choose its default. */
export function pickRecorderMimeType(isTypeSupported: (type: string) => boolean): string {
  for (const type of RECORDER_MIME_CANDIDATES) {
    try {
      if (isTypeSupported(type)) return type;
    } catch {
      // Some browsers throw on unknown types instead of answering false.
    }
  }
  return '';
}

/** The container of a recorded blob's type, for the upload: 'video/webm' or 'video/mp4'. */
export function containerOf(mimeType: string): 'video/webm' | 'video/mp4' {
  return mimeType.startsWith('video/mp4') ? 'video/mp4' : 'video/webm';
}

/** The recorder hands its data over every second while recording. */
export const RECORDER_TIMESLICE_MS = 1000;

/**
 * How long Stop may keep recording when the encoder has delivered nothing yet. On a loaded phone the encoder can run
 * seconds behind the camera, and a clip stopped then comes out empty.
 */
export const FINISH_WAIT_MS = 4000;

export interface ClipRecorder {
  /** Starts recording; throws as MediaRecorder.start does. */
  start(): void;
  /**
   * Ends the clip. When the encoder has delivered no data yet, it records on until the first data arrives (at most
   * FINISH_WAIT_MS longer), so a short clip is not lost; `onClip` gets it then.
   */
  finish(): void;
  /** Stops at once without handing a clip (the screen closed). */
  cancel(): void;
  /** Whether the recorder is running (also while finish waits for data). */
  readonly active: boolean;
}

/**
 * A clip recorder on `stream` in the best supported format; when it stops, `onClip` gets the whole clip, or null
 * when the encoder produced nothing even after waiting. Null when the browser refuses to record the stream.
 */
export function createClipRecorder(
  stream: MediaStream,
  onClip: (blob: Blob | null) => void,
): ClipRecorder | null {
  const mimeType =
    typeof MediaRecorder === 'undefined' ? '' : pickRecorderMimeType((t) => MediaRecorder.isTypeSupported(t));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch {
    return null;
  }
  const chunks: Blob[] = [];
  let finishing = false;
  let cap: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(cap);
    if (recorder.state !== 'inactive') recorder.stop();
  };
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    chunks.push(event.data);
    if (finishing) stop();
  };
  recorder.onstop = () => {
    clearTimeout(cap);
    const blob = new Blob(chunks, { type: containerOf(recorder.mimeType || mimeType) });
    onClip(blob.size > 0 ? blob : null);
  };
  return {
    start: () => recorder.start(RECORDER_TIMESLICE_MS),
    finish: () => {
      if (recorder.state === 'inactive' || finishing) return;
      finishing = true;
      if (chunks.length > 0) return stop();
      // Ask for whatever the encoder holds now; stop as soon as anything arrives, or at the cap.
      if (recorder.state === 'recording') recorder.requestData();
      cap = setTimeout(stop, FINISH_WAIT_MS);
    },
    cancel: () => {
      clearTimeout(cap);
      recorder.ondataavailable = null;
      recorder.onstop = null;
      if (recorder.state !== 'inactive') recorder.stop();
    },
    get active() {
      return recorder.state !== 'inactive';
    },
  };
}
