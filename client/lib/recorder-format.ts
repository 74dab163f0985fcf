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

/**
 * A MediaRecorder on `stream` in the best supported format; when it stops, `onClip` gets the whole clip, or null
 * when the encoder produced nothing. Null when the browser refuses to record the stream.
 */
export function createClipRecorder(
  stream: MediaStream,
  onClip: (blob: Blob | null) => void,
): MediaRecorder | null {
  const mimeType =
    typeof MediaRecorder === 'undefined' ? '' : pickRecorderMimeType((t) => MediaRecorder.isTypeSupported(t));
  let recorder: MediaRecorder;
  try {
    recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch {
    return null;
  }
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  recorder.onstop = () => {
    const blob = new Blob(chunks, { type: containerOf(recorder.mimeType || mimeType) });
    onClip(blob.size > 0 ? blob : null);
  };
  return recorder;
}
