import { exerciseInfo } from '@shared/domain/exercises';
import {
  DURATION_MAX_DAYS,
  DURATION_MIN_DAYS,
  EXERCISE_TYPE_MAX_LENGTH,
  TITLE_MAX_LENGTH,
} from '@shared/domain/limits';

import { isCustomTemplate, parseDuration, parseTarget, type WizardState } from '@shared/domain/wizard';
import { Label } from '../../../ui/Label';
import { LimitedInput } from '../../../ui/LimitedField';
import { DifficultyPicker } from '../fields/DifficultyPicker';
import { NumberField } from '../fields/NumberField';

/** Step 3: name, exercise (Custom HIIT only), daily target, duration and difficulty. */
export function GoalStep({ state, onChange }: { state: WizardState; onChange: (s: WizardState) => void }) {
  const set = <K extends keyof WizardState>(key: K, value: WizardState[K]) =>
    onChange({ ...state, [key]: value });
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="wizard-title">Pact name</Label>
        <LimitedInput
          id="wizard-title"
          value={state.title}
          max={TITLE_MAX_LENGTH}
          placeholder="e.g. Morning Burn"
          onChange={(e) => set('title', e.target.value)}
        />
      </div>
      {isCustomTemplate(state) ? (
        <div className="grid gap-2">
          <Label htmlFor="wizard-exercise">Exercise type</Label>
          <LimitedInput
            id="wizard-exercise"
            value={state.exerciseType}
            max={EXERCISE_TYPE_MAX_LENGTH}
            placeholder="e.g. burpees"
            onChange={(e) => set('exerciseType', e.target.value)}
          />
        </div>
      ) : null}
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-2">
          <Label htmlFor="wizard-target">Daily target ({exerciseInfo(state.exerciseType).unit})</Label>
          <NumberField
            id="wizard-target"
            value={state.targetValue}
            parse={parseTarget}
            min={0}
            onValue={(v) => set('targetValue', v)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="wizard-duration">Duration (days)</Label>
          <NumberField
            id="wizard-duration"
            value={state.totalDays}
            parse={parseDuration}
            min={DURATION_MIN_DAYS}
            max={DURATION_MAX_DAYS}
            onValue={(v) => set('totalDays', v)}
          />
        </div>
      </div>
      <DifficultyPicker value={state.difficulty} onChange={(v) => set('difficulty', v)} />
    </div>
  );
}
