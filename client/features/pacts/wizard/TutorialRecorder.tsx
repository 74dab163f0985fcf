import { Camera, Eye, RotateCcw, Square, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/Button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { usePlaceToasts } from '../../../ui/toast-placement';
import type { TutorialRecorder as Recorder } from './use-tutorial-recorder';

const frame =
  'relative mx-auto flex aspect-[3/4] w-full max-w-56 items-center justify-center overflow-hidden rounded-2xl bg-black';

function elapsed(startedAt: number | null, now: Date): string {
  const seconds = startedAt === null ? 0 : Math.max(0, Math.floor((now.getTime() - startedAt) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Wizard step 5's optional tutorial video: record with the front camera, preview, view, record again. */
export function TutorialRecorder({ recorder, disabled }: { recorder: Recorder; disabled?: boolean }) {
  const { status, stream, recording } = recorder;
  const liveRef = useRef<HTMLVideoElement>(null);
  const [viewing, setViewing] = useState(false);
  const now = useNow(500);
  // While the camera is on, its toasts ("Recording started") go over its picture: at the top they would cover the
  // dialog's Close, which is how one stops a recording half way.
  const live = status === 'recording' || status === 'starting';
  usePlaceToasts('middle', live);

  useEffect(() => {
    const video = liveRef.current;
    if (!video) return;
    video.srcObject = stream;
    if (stream) void video.play().catch(() => {});
  }, [stream]);

  if (status === 'recorded' && recording) {
    return (
      <div className="grid grid-cols-1 gap-3">
        <div className={frame}>
          {/* Keyed: reusing the live element would keep its (ended) camera srcObject, which wins over src. */}
          <video
            key={recording.url}
            src={recording.url}
            className="size-full object-cover"
            muted
            playsInline
            autoPlay
            loop
            aria-label="Tutorial preview"
          />
        </div>
        <div className="flex justify-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setViewing(true)} disabled={disabled}>
            <Eye aria-hidden="true" />
            View Video
          </Button>
          <Button variant="outline" size="sm" onClick={recorder.recordNew} disabled={disabled}>
            <RotateCcw aria-hidden="true" />
            Record New
          </Button>
        </div>
        <Dialog open={viewing} onOpenChange={setViewing}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Tutorial video</DialogTitle>
              <DialogDescription>This is what people see before they start.</DialogDescription>
            </DialogHeader>
            {/* biome-ignore lint/a11y/useMediaCaption: a silent exercise demonstration recorded a moment ago */}
            <video
              src={recording.url}
              controls
              autoPlay
              playsInline
              className="max-h-[60dvh] w-full rounded-xl bg-black"
            />
          </DialogContent>
        </Dialog>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-3">
      <div className={frame}>
        <video
          key="live"
          ref={liveRef}
          muted
          playsInline
          className={live ? 'size-full -scale-x-100 object-cover' : 'hidden'}
          aria-label="Camera"
        />
        {status === 'recording' ? (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1.5 rounded-full bg-red-600 px-2.5 py-1 font-bold text-white text-xs">
            <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
            REC {elapsed(recorder.startedAt, now)}
          </span>
        ) : null}
        {status === 'starting' ? (
          <Spinner className="absolute size-8 text-white" label="Starting camera" />
        ) : null}
        {status === 'idle' ? (
          <div className="flex flex-col items-center gap-2 px-6 text-center text-white/80">
            <Video className="size-9" aria-hidden="true" />
            <p className="text-xs">Show the right form in a short clip. Optional.</p>
          </div>
        ) : null}
      </div>
      <div className="flex justify-center">
        {status === 'recording' ? (
          <Button variant="destructive" size="sm" onClick={recorder.stop}>
            <Square aria-hidden="true" className="fill-current" />
            Stop Recording
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void recorder.start()}
            disabled={disabled || status === 'starting'}
          >
            <Camera aria-hidden="true" />
            Record Tutorial
          </Button>
        )}
      </div>
    </div>
  );
}
