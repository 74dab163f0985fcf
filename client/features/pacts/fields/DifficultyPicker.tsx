import type { Difficulty } from '@shared/domain/templates';
import { DIFFICULTY_LEVELS } from '@shared/domain/templates';
import { useId } from 'react';
import { cn } from '../../../lib/cn';
import { difficultyTone } from '../card/card-logic';
import { DIFFICULTY_LABELS } from '../wizard/wizard-content';

const DOT = { green: 'bg-green-500', yellow: 'bg-yellow-400', red: 'bg-red-500' } as const;

/** Easy / Medium / Hard as a segmented control of real radio buttons, each with its card dot colour. */
export function DifficultyPicker({
  value,
  onChange,
  legend = 'Difficulty',
}: {
  value: Difficulty;
  onChange: (value: Difficulty) => void;
  legend?: string;
}) {
  const name = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm leading-none">{legend}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-xl bg-muted p-1">
        {DIFFICULTY_LEVELS.map((level) => (
          <label
            key={level}
            className={cn(
              'flex h-10 cursor-pointer items-center justify-center gap-1.5 rounded-lg font-semibold text-muted-foreground text-sm transition-all hover:text-foreground',
              'has-[:checked]:bg-segment has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            )}
          >
            <input
              type="radio"
              name={name}
              value={level}
              checked={value === level}
              onChange={() => onChange(level)}
              className="sr-only"
            />
            <span className={cn('size-2 rounded-full', DOT[difficultyTone(level)])} aria-hidden="true" />
            {DIFFICULTY_LABELS[level]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
