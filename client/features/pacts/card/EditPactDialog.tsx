import type { Challenge } from '@shared/api/pacts';
import {
  DESCRIPTION_MAX_LENGTH,
  DURATION_MAX_DAYS,
  DURATION_MIN_DAYS,
  EXERCISE_TYPE_MAX_LENGTH,
  TARGET_VALUE_MAX,
  TITLE_MAX_LENGTH,
} from '@shared/domain/limits';
import { parseDuration, parseTarget } from '@shared/domain/wizard';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/errors';
import { useUpdatePact } from '../../../api/pacts';
import { uploadFile } from '../../../lib/upload';
import { Button } from '../../../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/Dialog';
import { Input } from '../../../ui/Input';
import { Label } from '../../../ui/Label';
import { LimitedInput, LimitedTextarea } from '../../../ui/LimitedField';
import { toast } from '../../../ui/use-toast';
import { DayToggles } from '../fields/DayToggles';
import { DifficultyPicker } from '../fields/DifficultyPicker';
import { NumberField } from '../fields/NumberField';
import { useTutorialRecorder } from '../wizard/use-tutorial-recorder';
import { EditTutorial, type TutorialMode } from './EditTutorial';
import {
  type EditForm,
  editChanges,
  editFormOf,
  isEditFormValid,
  type TutorialEdit,
  tutorialChanges,
} from './edit-form';

/** Edit a Pact: the terms (exercise, target, duration) only while nobody else has ever joined (the server says). */
export function EditPactDialog({ challenge, onClose }: { challenge: Challenge; onClose: () => void }) {
  const [form, setForm] = useState<EditForm>(() => editFormOf(challenge));
  const update = useUpdatePact();
  const locked = challenge.termsLocked;
  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const recorder = useTutorialRecorder();
  const [tutorialMode, setTutorialMode] = useState<TutorialMode>('keep');
  const [uploading, setUploading] = useState<number | null>(null);
  const busy = update.isPending || uploading !== null;
  const recording = recorder.status === 'recording' || recorder.status === 'starting';

  /** Uploads a new recording (with progress) when there is one; decides what happens to the tutorial. */
  const tutorialEdit = async (): Promise<TutorialEdit> => {
    if (tutorialMode === 'remove') return { kind: 'remove' };
    const blob = tutorialMode === 'record' ? recorder.recording?.blob : undefined;
    if (!blob) return { kind: 'keep' };
    setUploading(0);
    try {
      const { mediaId } = await uploadFile(blob, {
        kind: 'tutorial',
        onProgress: (sent, total) => setUploading(total > 0 ? sent / total : 0),
      });
      return { kind: 'replace', mediaId };
    } finally {
      setUploading(null);
    }
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const tutorial = tutorialChanges(await tutorialEdit(), !!challenge.tutorialVideoUrl);
      const changes = { ...editChanges(challenge, form), ...tutorial };
      if (Object.keys(changes).length === 0) return onClose();
      // mutateAsync: see DeletePactDialog on why not mutate's callbacks.
      await update.mutateAsync({ id: challenge.id, changes });
      toast({ title: 'Pact updated', description: 'Your changes are saved.' });
      onClose();
    } catch (error) {
      toast({ title: 'Failed to update workout', description: errorMessage(error), variant: 'destructive' });
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Pact</DialogTitle>
          <DialogDescription>Changes show for everyone in this Pact.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void save(event)} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="edit-title">Title</Label>
            <LimitedInput
              id="edit-title"
              value={form.title}
              max={TITLE_MAX_LENGTH}
              onChange={(e) => set('title', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="edit-description">Description</Label>
            <LimitedTextarea
              id="edit-description"
              rows={3}
              max={DESCRIPTION_MAX_LENGTH}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <DifficultyPicker value={form.difficulty} onChange={(v) => set('difficulty', v)} />
          <div className="grid gap-2">
            <Label htmlFor="edit-time">Workout time</Label>
            <Input
              id="edit-time"
              type="time"
              value={form.workoutTime}
              onChange={(e) => set('workoutTime', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <span className="font-medium text-sm leading-none">Schedule days</span>
            <DayToggles value={form.scheduleDays} onChange={(days) => set('scheduleDays', days)} />
          </div>
          <div className="grid gap-2">
            <span className="font-medium text-sm leading-none">Tutorial video</span>
            <EditTutorial
              challenge={challenge}
              mode={tutorialMode}
              onMode={setTutorialMode}
              recorder={recorder}
              disabled={busy}
            />
          </div>
          <fieldset className="grid gap-3 rounded-xl border border-border p-3" disabled={locked}>
            <legend className="px-1 font-semibold text-muted-foreground text-xs">Terms</legend>
            {locked ? (
              <p className="flex items-start gap-2 text-muted-foreground text-xs">
                <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                The exercise, target and duration are fixed once someone else has joined this Pact.
              </p>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor="edit-exercise">Exercise</Label>
              <LimitedInput
                id="edit-exercise"
                value={form.exerciseType}
                max={EXERCISE_TYPE_MAX_LENGTH}
                onChange={(e) => set('exerciseType', e.target.value)}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-2">
                <Label htmlFor="edit-target">Daily target</Label>
                <NumberField
                  id="edit-target"
                  value={form.targetValue}
                  parse={parseTarget}
                  min={0}
                  max={TARGET_VALUE_MAX}
                  onValue={(v) => set('targetValue', v)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="edit-days">Duration (days)</Label>
                <NumberField
                  id="edit-days"
                  value={form.totalDays}
                  parse={parseDuration}
                  min={DURATION_MIN_DAYS}
                  max={DURATION_MAX_DAYS}
                  onValue={(v) => set('totalDays', v)}
                />
              </div>
            </div>
          </fieldset>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || recording || !isEditFormValid(form)}>
              {uploading !== null
                ? `Uploading ${Math.round(uploading * 100)}%`
                : busy
                  ? 'Saving...'
                  : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
