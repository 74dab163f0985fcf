import { PACT_TEMPLATES } from '@shared/domain/templates';
import { chooseTemplate, type WizardState } from '@shared/domain/wizard';
import { Dumbbell, Flame, type LucideIcon, Sparkles, Timer, Zap } from 'lucide-react';
import { ChoiceCard } from './ChoiceCard';
import { DIFFICULTY_LABELS } from './wizard-content';

/** The templates name their lucide icon; emoji fonts are missing on some devices. */
const ICONS: Record<string, LucideIcon> = { Flame, Timer, Dumbbell, Zap, Sparkles };

const chip = 'rounded-full bg-secondary px-2 py-0.5 font-semibold text-[11px] text-secondary-foreground';

/** Step 1: the five templates; picking one fills its defaults and goes to step 2. */
export function TemplateStep({
  state,
  onChange,
}: {
  state: WizardState;
  onChange: (s: WizardState) => void;
}) {
  return (
    <div className="grid gap-3">
      {PACT_TEMPLATES.map((template) => {
        const Icon = ICONS[template.icon] ?? Sparkles;
        return (
          <ChoiceCard
            key={template.id}
            selected={state.templateId === template.id}
            onSelect={() =>
              // Re-picking the same template keeps what was already typed in the later steps.
              onChange(
                state.templateId === template.id ? { ...state, step: 2 } : chooseTemplate(state, template),
              )
            }
            icon={<Icon className="size-5" />}
            title={template.name}
          >
            <span className="mt-1 line-clamp-2 text-muted-foreground text-sm">{template.description}</span>
            <span className="mt-2 flex flex-wrap gap-1.5">
              {template.isCustom ? (
                <span className={chip}>Your exercise</span>
              ) : (
                <>
                  <span className={chip}>Target {template.targetValue}</span>
                  <span className={chip}>{template.totalDays} days</span>
                </>
              )}
              <span className={chip}>{DIFFICULTY_LABELS[template.difficulty]}</span>
            </span>
          </ChoiceCard>
        );
      })}
    </div>
  );
}
