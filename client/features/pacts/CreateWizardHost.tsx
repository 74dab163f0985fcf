import * as DialogPrimitive from '@radix-ui/react-dialog';
import {
  canSkipToFinish,
  initialWizardState,
  isStepValid,
  nextStep,
  previousStep,
  skipToFinish,
  stepCount,
  stepCounter,
  type WizardState,
} from '@shared/domain/wizard';
import { ArrowLeft, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../api/auth';
import { Button } from '../../ui/Button';
import { ProgressBar } from '../../ui/ProgressBar';
import { useReturnFocus } from '../../ui/use-return-focus';
import {
  closeCreateWizard,
  useCreateWizard,
  wizardReopened,
  wizardStartVisibility,
} from './create-wizard-store';
import { loadDraft, saveDraft } from './wizard/draft';
import { GoalStep } from './wizard/GoalStep';
import { ScheduleStep } from './wizard/ScheduleStep';
import { SummaryStep } from './wizard/SummaryStep';
import { TeamStep } from './wizard/TeamStep';
import { TemplateStep } from './wizard/TemplateStep';
import { useSubmitPact } from './wizard/use-submit-pact';
import { useTutorialRecorder } from './wizard/use-tutorial-recorder';
import { VisibilityStep } from './wizard/VisibilityStep';
import { isSubmitStep, primaryActionLabel, STEP_TITLES } from './wizard/wizard-content';

/**
 * The full-screen create-Pact overlay, opened from the centre button and every Create
 * button. Its body mounts only while open, so closing resets the steps and turns the camera off.
 */
export function CreateWizardHost() {
  const { isOpen } = useCreateWizard();
  // Opened from a store, not a Radix trigger: closing gives focus back to the button that opened it.
  const returnFocus = useReturnFocus();
  if (!isOpen) return null;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && closeCreateWizard()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Content
          {...returnFocus}
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex flex-col bg-background pt-safe pb-safe focus:outline-none data-[state=open]:animate-slide-up"
        >
          <WizardBody />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function WizardBody() {
  const { user } = useAuth();
  const [draft] = useState(() => (user ? loadDraft(user.id) : null));
  const [state, setState] = useState<WizardState>(
    () => draft ?? { ...initialWizardState(), visibility: wizardStartVisibility() },
  );
  const recorder = useTutorialRecorder();
  const { submit, busy, progress } = useSubmitPact(user);
  const scrollRef = useRef<HTMLDivElement>(null);
  const total = stepCount(state);
  const valid = isStepValid(state);
  const recording = recorder.status === 'recording' || recorder.status === 'starting';
  const heading = STEP_TITLES[state.step] ?? STEP_TITLES[1]!;

  // What was entered survives a reload (wizard/draft.ts); closing or creating forgets it.
  useEffect(() => {
    if (user) saveDraft(user.id, state);
  }, [user, state]);

  // Reopened at load for a draft that was not this person's (or unreadable): nothing to resume.
  // After the save above, so the forgetting wins.
  // biome-ignore lint/correctness/useExhaustiveDependencies: decided once, at mount
  useEffect(() => {
    if (!draft && wizardReopened()) closeCreateWizard();
  }, []);

  // Each step starts at its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the step changes
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [state.step]);

  const primary = () => {
    if (isSubmitStep(state)) void submit(state, recorder.recording?.blob ?? null);
    else setState(nextStep(state));
  };

  return (
    <>
      <header className="border-border border-b">
        <div className="mx-auto flex h-14 max-w-md items-center gap-2 px-2">
          <DialogPrimitive.Close asChild>
            <Button variant="ghost" size="icon" aria-label="Close" disabled={busy}>
              <X aria-hidden="true" />
            </Button>
          </DialogPrimitive.Close>
          <DialogPrimitive.Title className="flex-1 font-bold text-lg tracking-tight">
            Create Pact
          </DialogPrimitive.Title>
          <span className="mr-2 rounded-full bg-secondary px-2.5 py-1 font-bold text-secondary-foreground text-xs tabular-nums">
            <span className="sr-only">Step </span>
            {stepCounter(state)}
          </span>
        </div>
        <div className="h-1 bg-muted" aria-hidden="true">
          <div
            className="h-full bg-primary transition-[width] duration-300"
            style={{ width: `${(state.step / total) * 100}%` }}
          />
        </div>
      </header>

      <div ref={scrollRef} className="flex-1 overflow-y-auto">
        <div className="mx-auto max-w-md px-4 pt-5 pb-8">
          <h2 className="font-extrabold text-2xl tracking-tight">{heading.title}</h2>
          <p className="mt-1 mb-5 text-muted-foreground text-sm">{heading.subtitle}</p>
          {state.step === 1 ? <TemplateStep state={state} onChange={setState} /> : null}
          {state.step === 2 ? <VisibilityStep state={state} onChange={setState} /> : null}
          {state.step === 3 ? <GoalStep state={state} onChange={setState} /> : null}
          {state.step === 4 ? <ScheduleStep state={state} onChange={setState} /> : null}
          {state.step === 5 ? <SummaryStep state={state} recorder={recorder} busy={busy} /> : null}
          {state.step === 6 ? <TeamStep state={state} onChange={setState} /> : null}
        </div>
      </div>

      <footer className="border-border border-t bg-background/95 backdrop-blur">
        {progress !== null ? <UploadProgress fraction={progress} /> : null}
        <div className="mx-auto flex max-w-md items-center gap-2 px-4 py-3">
          <Button
            variant="outline"
            className="px-4"
            onClick={() => setState(previousStep(state))}
            disabled={state.step <= 1 || busy || recording}
          >
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
          {canSkipToFinish(state) ? (
            <Button
              variant="ghost"
              className="px-3"
              onClick={() => setState(skipToFinish(state))}
              disabled={!valid}
            >
              Skip to finish
            </Button>
          ) : null}
          <Button className="flex-1" onClick={primary} disabled={!valid || busy || recording}>
            {busy ? (progress !== null ? 'Uploading...' : 'Creating...') : primaryActionLabel(state)}
          </Button>
        </div>
      </footer>
    </>
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="mx-auto max-w-md px-4 pt-3">
      <div className="mb-1 flex justify-between text-muted-foreground text-xs">
        <span>Uploading tutorial</span>
        <span className="tabular-nums">{percent}%</span>
      </div>
      <ProgressBar label="Uploading tutorial" value={fraction} />
    </div>
  );
}
