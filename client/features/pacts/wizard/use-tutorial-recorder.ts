import {
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  CAMERA_MIN_HEIGHT,
  CAMERA_MIN_WIDTH,
  UPLOAD_MAX_DURATION_SECONDS,
} from '@shared/domain/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ClipRecorder, createClipRecorder } from '../../../lib/recorder-format';
import { toast } from '../../../ui/use-toast';
import { recordingFailed } from '../../proofs/use-recorder';

/** Idle, recording (REC, Stop Recording), recorded (preview, View Video, Record New). */
export type RecorderStatus = 'idle' | 'starting' | 'recording' | 'recorded';

export interface Recording {
  blob: Blob;
  /** An object URL for the preview; revoked when cleared. */
  url: string;
}

/** Front camera, ideal 720x1280, min 480x640, with audio. */
async function openCamera(): Promise<MediaStream> {
  const video = {
    facingMode: 'user',
    width: { ideal: CAMERA_IDEAL_WIDTH, min: CAMERA_MIN_WIDTH },
    height: { ideal: CAMERA_IDEAL_HEIGHT, min: CAMERA_MIN_HEIGHT },
  };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: true });
  } catch (error) {
    // A camera that cannot meet the minimum still records; a refusal is a refusal.
    if (error instanceof Error && error.name === 'OverconstrainedError') {
      return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: true });
    }
    throw error;
  }
}

/**
 * Resolves once the camera delivers real frames (or after `timeoutMs`). Recording from the very first instant
 * captures a placeholder frame size in the webm header, and the preview then plays black.
 */
function firstFrame(stream: MediaStream, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve) => {
    const probe = document.createElement('video');
    probe.muted = true;
    probe.playsInline = true;
    const done = () => {
      clearTimeout(timer);
      probe.srcObject = null;
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    probe.onresize = () => {
      if (probe.videoWidth > 2) done();
    };
    probe.onloadeddata = () => {
      if (probe.videoWidth > 2) done();
    };
    probe.srcObject = stream;
    void probe.play().catch(() => {});
  });
}

export function useTutorialRecorder() {
  const [status, setStatus] = useState<RecorderStatus>('idle');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<ClipRecorder | null>(null);
  const urlRef = useRef<string | null>(null);

  const stopTracks = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
  }, []);

  const clear = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    urlRef.current = null;
    setRecording(null);
    setStatus('idle');
  }, []);

  const start = useCallback(async () => {
    if (recorderRef.current?.active) return;
    setStatus('starting');
    let media: MediaStream;
    try {
      media = await openCamera();
    } catch {
      setStatus('idle');
      toast({
        title: 'Camera access denied',
        description: 'Please allow camera access to record tutorial videos.',
        variant: 'destructive',
      });
      return;
    }
    streamRef.current = media;
    setStream(media);
    await firstFrame(media);
    if (streamRef.current !== media) return; // closed meanwhile
    const recorder = createClipRecorder(media, (blob) => {
      setStartedAt(null);
      stopTracks();
      if (!blob) {
        // The encoder produced nothing, even after Stop waited for it: nothing worth previewing or uploading.
        setStatus('idle');
        recordingFailed('empty');
        return;
      }
      const url = URL.createObjectURL(blob);
      urlRef.current = url;
      setRecording({ blob, url });
      setStatus('recorded');
    });
    try {
      if (!recorder) throw new Error('MediaRecorder refused the stream');
      recorder.start();
    } catch {
      stopTracks();
      setStatus('idle');
      recordingFailed('start');
      return;
    }
    recorderRef.current = recorder;
    setStartedAt(Date.now());
    setStatus('recording');
    toast({ title: 'Recording started', description: 'Demonstrate your exercise technique' });
  }, [stopTracks]);

  const stop = useCallback(() => recorderRef.current?.finish(), []);

  /** 'Record New': drops the recording and starts over. */
  const recordNew = useCallback(() => {
    clear();
    void start();
  }, [clear, start]);

  // The upload limit is 10 minutes a video: stop there rather than record something that cannot be sent.
  useEffect(() => {
    if (startedAt === null) return;
    const timer = setTimeout(stop, UPLOAD_MAX_DURATION_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [startedAt, stop]);

  // Closing the wizard turns the camera off and frees the preview.
  useEffect(
    () => () => {
      recorderRef.current?.cancel();
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  return { status, stream, recording, startedAt, start, stop, recordNew, clear };
}

export type TutorialRecorder = ReturnType<typeof useTutorialRecorder>;
