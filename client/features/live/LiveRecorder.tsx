import type { Challenge } from '@shared/api/pacts';
import { Circle, RotateCcw, Send, Square, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { errorMessage } from '../../api/errors';
import { cn } from '../../lib/cn';
import { exerciseLabelOf } from '../../lib/exercise-label';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { Spinner } from '../../ui/Spinner';
import { usePlaceToasts } from '../../ui/toast-placement';
import { toast } from '../../ui/use-toast';
import { CameraView, RecordingPreview } from '../proofs/CameraView';
import { CodeWordBanner } from '../proofs/CodeWordBanner';
import { formatTimer } from '../proofs/camera-logic';
import { newClientKey } from '../proofs/client-key';
import { sendProof } from '../proofs/send-proof';
import { useCamera } from '../proofs/use-camera';
import { useCodeWord } from '../proofs/use-code-word';
import { useRecorder } from '../proofs/use-recorder';
import { parseProofValue, ValueField } from '../proofs/ValueField';
import { useLiveState } from './use-live-state';

/**
 * Camera full screen, a big timer, the Pact's title and target, Start / Stop, then Send Proof into the Pact's
 * chat (the same upload and proof call as the chat's panel) and on to the chat. While recording, the room sees
 * "{name} is working out live".
 */
export function LiveRecorder({ pact }: { pact: Challenge }) {
  const [, navigate] = useLocation();
  const camera = useCamera();
  // Close and the Pact's target sit at the top, Start, Stop and Send Proof at the bottom: toasts go in between.
  usePlaceToasts('middle');
  const recorder = useRecorder(camera.stream);
  const codeWord = useCodeWord(pact.id);
  const [value, setValue] = useState(String(pact.targetValue));
  const [progress, setProgress] = useState<number | null>(null);
  const keyRef = useRef(newClientKey());
  const unit = exerciseLabelOf(pact.exerciseType);
  const parsed = parseProofValue(value);
  useDocumentTitle(`Live · ${pact.title}`);
  useLiveState(pact.id, recorder.status === 'recording');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the camera starts once, when the screen opens.
  useEffect(() => {
    camera.start();
  }, []);

  const recordAgain = () => {
    keyRef.current = newClientKey();
    recorder.discard();
  };

  // The code word said in the video is the one the proof carries: a stale one is replaced before recording.
  const record = async () => {
    if (await codeWord.fresh()) recorder.start();
  };

  const send = async () => {
    if (!recorder.recording || parsed === null || progress !== null || !codeWord.challenge) return;
    setProgress(0);
    try {
      await sendProof({
        challengeId: pact.id,
        video: recorder.recording.blob,
        value: parsed,
        codeWordId: codeWord.challenge.id,
        clientKey: keyRef.current,
        onProgress: setProgress,
      });
      toast({ title: 'Workout proof sent', description: 'Proof submitted successfully' });
      camera.stop();
      navigate(`/chat/${pact.id}`);
    } catch (error) {
      // The recording stays: Send Proof again resumes the upload and reuses the key.
      setProgress(null);
      toast({ title: 'Failed to send proof', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const recorded = recorder.status === 'recorded' && recorder.recording;
  const seconds = recorded ? recorder.recording!.seconds : recorder.seconds;
  return (
    <div className="fixed inset-0 z-40 flex flex-col bg-black text-white">
      {recorded ? (
        <RecordingPreview
          url={recorder.recording!.url}
          className="absolute inset-0 size-full object-contain"
        />
      ) : (
        <CameraView stream={camera.stream} className="absolute inset-0 size-full" />
      )}
      <div className="relative z-10 flex items-start gap-3 bg-gradient-to-b from-black/80 to-transparent px-4 pt-[calc(max(env(safe-area-inset-top),1rem)+var(--offline-inset,0px))] pb-10">
        <Link
          href={`/chat/${pact.id}`}
          aria-label="Close"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white/15 backdrop-blur focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <X className="size-5" aria-hidden="true" />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-extrabold text-lg leading-tight">{pact.title}</h1>
          <p className="text-sm text-white/80">
            Target: {pact.targetValue} {unit}
          </p>
        </div>
      </div>

      <div className="relative z-10 flex flex-1 flex-col items-center pt-2">
        <p
          role="timer"
          className={cn(
            'flex items-center gap-2 rounded-full px-4 py-1 font-black text-5xl tabular-nums tracking-tight',
            recorder.status === 'recording' ? 'bg-red-600/90' : 'bg-black/40',
          )}
          aria-label={`Recorded ${seconds} seconds`}
        >
          {recorder.status === 'recording' ? (
            <span className="size-3 animate-pulse rounded-full bg-white" aria-hidden="true" />
          ) : null}
          {formatTimer(seconds)}
        </p>
        {recorded ? null : (
          <CodeWordBanner
            state={codeWord}
            onRetry={() => void codeWord.retry()}
            tone="dark"
            className="mt-3 w-full max-w-sm px-4 [&_[data-testid=code-word]>span:last-child]:text-4xl"
          />
        )}
        {camera.status === 'starting' ? <Spinner className="mt-10 size-8" label="Starting camera" /> : null}
      </div>

      <div className="relative z-10 bg-gradient-to-t from-black/90 to-transparent px-5 pt-10 pb-[max(env(safe-area-inset-bottom),1.5rem)]">
        {progress !== null ? (
          <div className="mx-auto max-w-sm">
            <p className="mb-2 text-center font-semibold">Uploading {Math.round(progress * 100)}%</p>
            <ProgressBar label="Uploading proof" value={progress} className="h-2 bg-white/20" />
          </div>
        ) : recorded ? (
          <div className="mx-auto flex max-w-sm flex-col gap-3">
            <ValueField
              id="live-value"
              value={value}
              onChange={setValue}
              unit={unit}
              className="[&_input]:border-white/30 [&_input]:bg-black/50 [&_input]:text-white [&_label]:text-white"
            />
            <Button size="lg" onClick={() => void send()} disabled={parsed === null}>
              <Send aria-hidden="true" />
              Send Proof
            </Button>
            <Button
              variant="ghost"
              className="text-white hover:bg-white/15 hover:text-white"
              onClick={recordAgain}
            >
              <RotateCcw aria-hidden="true" />
              Record again
            </Button>
          </div>
        ) : recorder.status === 'recording' ? (
          <div className="flex justify-center">
            <Button size="lg" variant="destructive" className="min-w-48 rounded-full" onClick={recorder.stop}>
              <Square className="fill-current" aria-hidden="true" />
              Stop ({recorder.seconds} s)
            </Button>
          </div>
        ) : (
          <div className="flex flex-col items-center gap-2">
            <Button
              size="lg"
              variant="destructive"
              className="min-w-48 rounded-full"
              disabled={camera.status !== 'on' || codeWord.status !== 'ready'}
              onClick={() => void record()}
            >
              <Circle className="fill-current" aria-hidden="true" />
              Start
            </Button>
            {camera.status === 'off' ? (
              <Button
                variant="ghost"
                className="text-white hover:bg-white/15 hover:text-white"
                onClick={camera.start}
              >
                Start camera
              </Button>
            ) : null}
          </div>
        )}
      </div>
    </div>
  );
}
