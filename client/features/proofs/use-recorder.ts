import { UPLOAD_MAX_DURATION_SECONDS } from '@shared/domain/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ClipRecorder, createClipRecorder } from '../../lib/recorder-format';
import { toast } from '../../ui/use-toast';
import { elapsedSeconds } from './camera-logic';

export type RecorderStatus = 'idle' | 'recording' | 'recorded';

export interface Recording {
  blob: Blob;
  /** Object URL for the preview; revoked on discard and unmount. */
  url: string;
  seconds: number;
}

/**
 * 'Recording failed': the browser would not record ('start'), or the clip came out empty even after Stop waited for
 * the encoder ('empty': a very short clip on a busy phone), which asks for a longer one instead of blaming the start.
 */
export const recordingFailed = (why: 'start' | 'empty') =>
  toast({
    title: 'Recording failed',
    description:
      why === 'start'
        ? 'Could not start video recording'
        : 'Nothing was recorded. Please record a little longer.',
    variant: 'destructive',
  });

/**
 * Records the camera's stream with MediaRecorder (webm where supported, else mp4, docs/MEDIA.md): idle -> recording
 * (a seconds counter for 'Stop (n s)') -> recorded (a playable preview). Stops by itself at the 10-minute upload
 * limit rather than record something that cannot be sent.
 */
export function useRecorder(stream: MediaStream | null) {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [seconds, setSeconds] = useState(0);
  const [recording, setRecording] = useState<Recording | null>(null);
  const recorderRef = useRef<ClipRecorder | null>(null);
  const urlRef = useRef<string | null>(null);
  const tickRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined);

  const discard = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
    setSeconds(0);
    setStatus('idle');
  }, []);

  const start = useCallback(() => {
    if (!stream || recorderRef.current?.active) return false;
    const startedAt = Date.now();
    const recorder = createClipRecorder(stream, (blob) => {
      clearInterval(tickRef.current);
      recorderRef.current = null;
      if (!blob) {
        setStatus('idle');
        recordingFailed('empty');
        return;
      }
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      setRecording({ blob, url, seconds: elapsedSeconds(startedAt, Date.now()) });
      setStatus('recorded');
    });
    if (!recorder) {
      recordingFailed('start');
      return false;
    }
    try {
      recorder.start();
    } catch {
      recordingFailed('start');
      return false;
    }
    recorderRef.current = recorder;
    setSeconds(0);
    setStatus('recording');
    tickRef.current = setInterval(() => {
      const s = elapsedSeconds(startedAt, Date.now());
      setSeconds(s);
      if (s >= UPLOAD_MAX_DURATION_SECONDS) recorder.finish();
    }, 250);
    return true;
  }, [stream]);

  const stop = useCallback(() => recorderRef.current?.finish(), []);

  useEffect(
    () => () => {
      clearInterval(tickRef.current);
      recorderRef.current?.cancel();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  return { status, seconds, recording, start, stop, discard };
}

export type Recorder = ReturnType<typeof useRecorder>;
