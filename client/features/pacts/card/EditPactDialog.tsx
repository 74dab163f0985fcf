import type { Challenge } from '@shared/api/pacts';
import { parseDuration, parseTarget } from '@shared/domain/wizard';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api';
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
import { Textarea } from '../../../ui/Textarea';
import { toast } from '../../../ui/use-toast';
import { DayToggles } from '../fields/DayToggles';
import { DifficultyPicker } from '../fields/DifficultyPicker';
import { NumberField } from '../fields/NumberField';
import { useUpdatePact } from '../queries';
import { type EditForm, editChanges, editFormOf, isEditFormValid, termsLocked } from './edit-form';

/** Edit a Pact (DECISIONS 4): the terms (exercise, target, duration) only while nobody else has joined. */
export function EditPactDialog({ challenge, onClose }: { challenge: Challenge; onClose: () => void }) {
  const [form, setForm] = useState<EditForm>(() => editFormOf(challenge));
  const update = useUpdatePact();
  const locked = termsLocked(challenge);
  const set = <K extends keyof EditForm>(key: K, value: EditForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const changes = editChanges(challenge, form);
    if (!changes) return onClose();
    update.mutateAsync({ id: challenge.id, changes }).then(
      () => {
        toast({ title: 'Pact updated', description: 'Your changes are saved.' });
        onClose();
      },
      (error: unknown) =>
        toast({
          title: 'Failed to update workout',
          description: errorMessage(error),
          variant: 'destructive',
        }),
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Pact</DialogTitle>
          <DialogDescription>Changes show for everyone in this Pact.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="edit-title">Title</Label>
            <Input
              id="edit-title"
              value={form.title}
              maxLength={100}
              onChange={(e) => set('title', e.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="edit-description">Description</Label>
            <Textarea
              id="edit-description"
              rows={3}
              maxLength={1000}
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
              <Input
                id="edit-exercise"
                value={form.exerciseType}
                maxLength={50}
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
                  onValue={(v) => set('targetValue', v)}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor="edit-days">Duration (days)</Label>
                <NumberField
                  id="edit-days"
                  value={form.totalDays}
                  parse={parseDuration}
                  min={1}
                  max={365}
                  onValue={(v) => set('totalDays', v)}
                />
              </div>
            </div>
          </fieldset>
          <DialogFooter>
            <Button variant="outline" disabled={update.isPending} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || !isEditFormValid(form)}>
              {update.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
