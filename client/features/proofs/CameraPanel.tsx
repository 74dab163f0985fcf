import { Circle, RotateCcw, Send, Square, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { usePlaceToasts } from '../../ui/toast-placement';
import { CameraView, RecordingPreview } from './CameraView';
import { CodeWordBanner } from './CodeWordBanner';
import { useCamera } from './use-camera';
import { useCodeWord } from './use-code-word';
import { useRecorder } from './use-recorder';
import { parseProofValue, ValueField } from './ValueField';

/**
 * The chat's camera panel: the camera starts as the panel opens and a code word is asked for (shown large above
 * the camera for the whole recording, with "Today's workout is already counted" when the proof will not count), then
 * Record, 'Stop (n s)', the preview with playback, and Send Proof (the chat shows the pending proof at once and
 * uploads it) or close (tracks stopped, preview cleared).
 */
export function CameraPanel({
  challengeId,
  targetValue,
  unit,
  onSend,
  onClose,
}: {
  challengeId: number;
  targetValue: number;
  unit: string;
  onSend: (video: Blob, value: number, codeWordId: number) => void;
  onClose: () => void;
}) {
  const camera = useCamera();
  const recorder = useRecorder(camera.stream);
  const codeWord = useCodeWord(challengeId);
  // Record and Send sit right under the header: toasts (a workout reminder) go to the bottom meanwhile.
  usePlaceToasts('bottom');
  const [value, setValue] = useState(String(targetValue));
  const parsed = parseProofValue(value);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera starts once, when the panel opens.
  useEffect(() => {
    camera.start();
  }, []);

  const close = () => {
    recorder.discard();
    camera.stop();
    onClose();
  };
  const send = () => {
    if (!recorder.recording || parsed === null || !codeWord.challenge) return;
    onSend(recorder.recording.blob, parsed, codeWord.challenge.id);
    close();
  };
  // The code word said in the video is the one the proof carries: a stale one is replaced before recording.
  const record = async () => {
    if (await codeWord.fresh()) recorder.start();
  };

  return (
    <section aria-label="Camera" className="border-border/60 border-b bg-card/60">
      <CodeWordBanner
        state={codeWord}
        onRetry={() => void codeWord.retry()}
        className="mx-auto max-w-md px-3 pt-3"
      />
      <div className="mx-auto flex max-w-md gap-3 p-3">
        <div className="relative aspect-[3/4] w-40 shrink-0 overflow-hidden rounded-2xl bg-black">
          {recorder.status === 'recorded' && recorder.recording ? (
            <RecordingPreview url={recorder.recording.url} className="size-full object-cover" />
          ) : (
            <CameraView stream={camera.stream} className="size-full" />
          )}
          {camera.status === 'starting' ? (
            <div className="absolute inset-0 flex items-center justify-center text-white">
              <Spinner className="size-6" label="Starting camera" />
            </div>
          ) : null}
          {recorder.status === 'recording' ? (
            <span className="absolute top-2 left-2 flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 font-bold text-[10px] text-white">
              <span className="size-1.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
              REC
            </span>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <h2 className="font-bold text-sm leading-tight">Workout proof</h2>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Close camera"
              onClick={close}
              className="-mt-1.5 -mr-1.5"
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          {recorder.status === 'recorded' ? (
            <>
              <ValueField id="proof-value" value={value} onChange={setValue} unit={unit} />
              <Button onClick={send} disabled={parsed === null}>
                <Send aria-hidden="true" />
                Send Proof
              </Button>
              <Button variant="ghost" size="sm" onClick={recorder.discard}>
                <RotateCcw aria-hidden="true" />
                Record again
              </Button>
            </>
          ) : recorder.status === 'recording' ? (
            <>
              <p className="text-muted-foreground text-xs">Recording your workout…</p>
              <Button variant="destructive" onClick={recorder.stop}>
                <Square aria-hidden="true" />
                Stop ({recorder.seconds} s)
              </Button>
            </>
          ) : camera.status === 'on' ? (
            <>
              <p className="text-muted-foreground text-xs">Film your whole set, then send it to the Pact.</p>
              <Button
                variant="destructive"
                disabled={codeWord.status !== 'ready'}
                onClick={() => void record()}
              >
                <Circle className="fill-current" aria-hidden="true" />
                Record
              </Button>
            </>
          ) : camera.status === 'off' ? (
            <>
              <p className="text-muted-foreground text-xs">The camera is off.</p>
              <Button onClick={camera.start}>Start camera</Button>
            </>
          ) : (
            <p className="text-muted-foreground text-xs">Starting camera…</p>
          )}
        </div>
      </div>
    </section>
  );
}
