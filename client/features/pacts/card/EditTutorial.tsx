import type { Challenge } from '@shared/api/pacts';
import { Trash2, Undo2, Video } from 'lucide-react';
import { Button } from '../../../ui/Button';
import { TutorialRecorder } from '../wizard/TutorialRecorder';
import type { TutorialRecorder as Recorder } from '../wizard/use-tutorial-recorder';
import { CardMedia } from './CardMedia';

export type TutorialMode = 'keep' | 'remove' | 'record';

/** The edit dialog's tutorial video: keep the current one, remove it, or record a replacement. */
export function EditTutorial({
  challenge,
  mode,
  onMode,
  recorder,
  disabled,
}: {
  challenge: Challenge;
  mode: TutorialMode;
  onMode: (mode: TutorialMode) => void;
  recorder: Recorder;
  disabled?: boolean;
}) {
  const has = !!challenge.tutorialVideoUrl;
  if (mode === 'record') {
    return (
      <div className="grid gap-2">
        <TutorialRecorder recorder={recorder} disabled={disabled} />
        {recorder.status !== 'recording' ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              recorder.clear();
              onMode('keep');
            }}
          >
            {has ? 'Keep the current video' : 'No tutorial'}
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex items-center gap-3">
      {has && mode === 'keep' ? (
        <CardMedia challenge={challenge} className="h-16 w-12" />
      ) : (
        <span className="flex h-16 w-12 items-center justify-center rounded-xl bg-muted text-muted-foreground">
          <Video className="size-5" aria-hidden="true" />
        </span>
      )}
      <p className="min-w-0 flex-1 text-muted-foreground text-xs">
        {mode === 'remove'
          ? 'The tutorial will be removed when you save.'
          : has
            ? 'Your tutorial video.'
            : 'No tutorial yet: the sample video for the exercise shows.'}
      </p>
      <div className="flex flex-col gap-1.5">
        {mode === 'remove' ? (
          <Button variant="outline" size="sm" onClick={() => onMode('keep')} disabled={disabled}>
            <Undo2 aria-hidden="true" />
            Undo
          </Button>
        ) : (
          <>
            <Button
              variant="secondary"
              size="sm"
              disabled={disabled}
              onClick={() => {
                onMode('record');
                void recorder.start();
              }}
            >
              {has ? 'Record New' : 'Record Tutorial'}
            </Button>
            {has ? (
              <Button variant="ghost" size="sm" onClick={() => onMode('remove')} disabled={disabled}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
