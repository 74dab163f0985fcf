import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';
import { playWithRetry } from './camera-logic';

/** The live camera, mirrored like a selfie view; playback start is retried. */
export function CameraView({ stream, className }: { stream: MediaStream | null; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void playWithRetry(video);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);
  return (
    <video
      ref={ref}
      muted
      playsInline
      autoPlay
      aria-label="Camera preview"
      className={cn('-scale-x-100 bg-black object-cover', className)}
    />
  );
}

/** The recorded clip, played back before sending. */
export function RecordingPreview({ url, className }: { url: string; className?: string }) {
  return (
    // biome-ignore lint/a11y/useMediaCaption: the user's own recording has no captions.
    <video
      src={url}
      controls
      playsInline
      autoPlay
      aria-label="Recorded proof"
      className={cn('bg-black', className)}
    />
  );
}
