import { CAMERA_RETRY_DELAY_MS } from '@shared/domain/limits';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/use-toast';
import { PROOF_CAMERA_CONSTRAINTS } from './camera-logic';

export type CameraStatus = 'off' | 'starting' | 'on';

async function openCamera(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia(PROOF_CAMERA_CONSTRAINTS);
  } catch (error) {
    // A camera below the minimum size still proves a workout; a refusal stays a refusal.
    if (error instanceof Error && error.name === 'OverconstrainedError') {
      return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user' }, audio: true });
    }
    throw error;
  }
}

/**
 * The proof camera: not started -> starting -> on. A refusal shows 'Camera access failed' and tries once
 * more after 2 s (the permission prompt may just have been dismissed); stop() ends every track.
 */
export function useCamera() {
  const [status, setStatus] = useState<CameraStatus>('off');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const retryRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    clearTimeout(retryRef.current);
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
    setStatus('off');
  }, []);

  const open = useCallback(async (retriesLeft: number) => {
    const mine = ++generation.current;
    setStatus('starting');
    try {
      const media = await openCamera();
      if (mine !== generation.current) {
        for (const track of media.getTracks()) track.stop();
        return;
      }
      streamRef.current = media;
      setStream(media);
      setStatus('on');
      toast({ title: 'Camera started', description: 'Ready to record workout proof' });
    } catch {
      if (mine !== generation.current) return;
      toast({
        title: 'Camera access failed',
        description: 'Please allow camera access to record proof',
        variant: 'destructive',
      });
      if (retriesLeft > 0)
        retryRef.current = setTimeout(() => void open(retriesLeft - 1), CAMERA_RETRY_DELAY_MS);
      else setStatus('off');
    }
  }, []);

  const start = useCallback(() => {
    if (streamRef.current) return;
    clearTimeout(retryRef.current);
    void open(1);
  }, [open]);

  useEffect(
    () => () => {
      clearTimeout(retryRef.current);
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  return { status, stream, start, stop };
}

export type Camera = ReturnType<typeof useCamera>;
