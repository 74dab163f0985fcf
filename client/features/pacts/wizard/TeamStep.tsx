import {
  CREATOR_SHARE_PERCENT,
  PRICE_MAX_DOLLARS,
  PRICE_MIN_DOLLARS,
  REVENUE_ESTIMATE_MEMBERS,
  TEAM_DESCRIPTION_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
} from '@shared/domain/limits';
import { parsePrice, type WizardState } from '@shared/domain/wizard';
import { TrendingUp } from 'lucide-react';
import { Label } from '../../../ui/Label';
import { LimitedInput, LimitedTextarea } from '../../../ui/LimitedField';
import { NumberField } from '../fields/NumberField';
import { PRICE_HINT, revenueEstimateLabel } from './wizard-content';

/** Step 6 (Pro only): the team's name, description and monthly price, with the coach's revenue estimate. */
export function TeamStep({ state, onChange }: { state: WizardState; onChange: (s: WizardState) => void }) {
  const set = <K extends keyof WizardState>(key: K, value: WizardState[K]) =>
    onChange({ ...state, [key]: value });
  return (
    <div className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="wizard-team-name">Team name</Label>
        <LimitedInput
          id="wizard-team-name"
          value={state.teamName}
          max={TEAM_NAME_MAX_LENGTH}
          placeholder="e.g. Iron Mornings Club"
          onChange={(e) => set('teamName', e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="wizard-team-description">Team description</Label>
        <LimitedTextarea
          id="wizard-team-description"
          rows={3}
          value={state.teamDescription}
          max={TEAM_DESCRIPTION_MAX_LENGTH}
          placeholder="What members get: coaching, plans, feedback..."
          onChange={(e) => set('teamDescription', e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="wizard-price">Monthly price (USD)</Label>
        <NumberField
          id="wizard-price"
          className="pl-8"
          prefix="$"
          value={state.monthlyPrice}
          parse={parsePrice}
          min={PRICE_MIN_DOLLARS}
          max={PRICE_MAX_DOLLARS}
          describedBy="wizard-price-hint"
          onValue={(v) => set('monthlyPrice', v)}
          adjustedNote={(saved) =>
            `Will be saved as $${saved}: prices run from $${PRICE_MIN_DOLLARS} to $${PRICE_MAX_DOLLARS}.`
          }
        />
        <p id="wizard-price-hint" className="text-muted-foreground text-xs">
          {PRICE_HINT}. Between ${PRICE_MIN_DOLLARS} and ${PRICE_MAX_DOLLARS}.
        </p>
      </div>
      <div className="flex items-center gap-3 rounded-2xl bg-accent p-4 text-accent-foreground">
        <TrendingUp className="size-6 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-extrabold text-lg leading-tight">{revenueEstimateLabel(state.monthlyPrice)}</p>
          <p className="text-xs opacity-80">
            {REVENUE_ESTIMATE_MEMBERS} members x ${state.monthlyPrice}, you keep {CREATOR_SHARE_PERCENT}%
          </p>
        </div>
      </div>
    </div>
  );
}
