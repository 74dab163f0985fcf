import { amountText } from '@shared/domain/exercises';
import { DIFFICULTY_LEVELS } from '@shared/domain/templates';
import { formatWorkoutTime } from '@shared/domain/time';
import { isCustomTemplate, type WizardState } from '@shared/domain/wizard';
import { TutorialRecorder } from './TutorialRecorder';
import type { TutorialRecorder as Recorder } from './use-tutorial-recorder';
import { DIFFICULTY_LABELS, scheduleSummary, templateName, visibilityLabel } from './wizard-content';

/** Step 5: the optional tutorial recording and a summary of everything chosen. */
export function SummaryStep({
  state,
  recorder,
  busy,
}: {
  state: WizardState;
  recorder: Recorder;
  busy: boolean;
}) {
  const difficulty = DIFFICULTY_LEVELS.includes(state.difficulty) ? DIFFICULTY_LABELS[state.difficulty] : '';
  const rows: [string, string][] = [
    ['Template', templateName(state.templateId)],
    ['Name', state.title.trim()],
    ['Who can join', visibilityLabel(state.visibility)],
    ...(isCustomTemplate(state) ? [['Exercise', state.exerciseType.trim()] as [string, string]] : []),
    ['Daily target', amountText(state.targetValue, state.exerciseType)],
    ['Duration', `${state.totalDays} ${state.totalDays === 1 ? 'day' : 'days'}`],
    ['Difficulty', difficulty],
    ['Days', scheduleSummary(state.scheduleDays)],
    ['Time', state.workoutTime ? formatWorkoutTime(state.workoutTime) : 'All day'],
  ];
  return (
    // One track of minmax(0, 1fr): a long name truncates in its row instead of widening the step (issue 29).
    <div className="grid grid-cols-1 gap-6">
      <section aria-labelledby="wizard-tutorial" className="grid grid-cols-1 gap-3">
        <h3 id="wizard-tutorial" className="font-semibold text-sm">
          Tutorial video <span className="font-normal text-muted-foreground">(optional)</span>
        </h3>
        <TutorialRecorder recorder={recorder} disabled={busy} />
      </section>
      <section aria-labelledby="wizard-summary">
        <h3 id="wizard-summary" className="mb-2 font-semibold text-sm">
          Summary
        </h3>
        <dl className="divide-y divide-border rounded-2xl border border-border bg-card px-4">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2.5 text-sm">
              <dt className="shrink-0 text-muted-foreground">{label}</dt>
              <dd className="min-w-0 truncate text-right font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
