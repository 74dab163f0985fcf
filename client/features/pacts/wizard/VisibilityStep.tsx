import { PAID_TEAMS_OFF_MESSAGE } from '@shared/api/teams';
import type { Visibility, WizardState } from '@shared/domain/wizard';
import { Crown, Globe, Lock, Users } from 'lucide-react';
import { usePaidTeamsOff } from '../../../api/teams';
import { Badge } from '../../../ui/Badge';
import { ChoiceCard } from './ChoiceCard';
import { VISIBILITY_CHOICES } from './wizard-content';

const ICONS: Record<Visibility, typeof Lock> = { private: Lock, public: Globe, friends: Users, pro: Crown };

/** Step 2: who can see and join; picking one goes to step 3. */
export function VisibilityStep({
  state,
  onChange,
}: {
  state: WizardState;
  onChange: (s: WizardState) => void;
}) {
  const paidOff = usePaidTeamsOff();
  return (
    <div className="grid gap-3">
      {VISIBILITY_CHOICES.map((choice) => {
        const Icon = ICONS[choice.value];
        const off = choice.value === 'pro' && paidOff;
        return (
          <ChoiceCard
            key={choice.value}
            selected={state.visibility === choice.value}
            onSelect={() => onChange({ ...state, visibility: choice.value, step: 3 })}
            disabled={off}
            icon={<Icon className="size-5" />}
            title={choice.label}
            badge={choice.value === 'pro' ? <Badge>Paid</Badge> : undefined}
          >
            <span className="mt-1 block text-muted-foreground text-sm">
              {off ? PAID_TEAMS_OFF_MESSAGE : choice.description}
            </span>
          </ChoiceCard>
        );
      })}
    </div>
  );
}
