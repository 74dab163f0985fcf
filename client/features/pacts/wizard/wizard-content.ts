import { PRICE_RECOMMENDED_MAX_DOLLARS, PRICE_RECOMMENDED_MIN_DOLLARS } from '@shared/domain/limits';
import { type Difficulty, findTemplate } from '@shared/domain/templates';
import { WEEKDAYS, type Weekday } from '@shared/domain/time';
import { revenueEstimate, type Visibility, type WizardState } from '@shared/domain/wizard';

/** Texts and formatting of the create wizard, kept out of the components so they are tested. */

export interface VisibilityOption {
  value: Visibility;
  label: string;
  description: string;
}

export const VISIBILITY_CHOICES: readonly VisibilityOption[] = [
  { value: 'private', label: 'Private', description: 'Only the creator participates' },
  { value: 'public', label: 'Public', description: 'Open to everyone' },
  { value: 'friends', label: 'Friends', description: 'Creator and invited friends' },
  {
    value: 'pro',
    label: 'Pro',
    description: 'Paid team with branding, subscriptions, analytics, team-only challenges, direct messaging',
  },
];

export function visibilityLabel(value: Visibility | null): string {
  return VISIBILITY_CHOICES.find((choice) => choice.value === value)?.label ?? '';
}

export const DIFFICULTY_LABELS: Record<Difficulty, string> = { easy: 'Easy', medium: 'Medium', hard: 'Hard' };

/** Mon..Sun toggles over the lowercase day names of the payload. */
export const DAY_TOGGLES: readonly { day: Weekday; short: string }[] = WEEKDAYS.map((day) => ({
  day,
  short: day.charAt(0).toUpperCase() + day.slice(1, 3),
}));

export function toggleDay(days: readonly Weekday[], day: Weekday): Weekday[] {
  const next = days.includes(day) ? days.filter((d) => d !== day) : [...days, day];
  return WEEKDAYS.filter((d) => next.includes(d));
}

export { scheduleSummary } from '../poster/schedule-text';

const dollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** '$1,232/month estimated' for $29: price x 50 members x 85%, whole dollars (cents dropped, never rounded up). */
export function revenueEstimateLabel(monthlyPrice: number): string {
  return `$${dollars.format(Math.floor(revenueEstimate(monthlyPrice)))}/month estimated`;
}

export const PRICE_HINT = `Recommended: $${PRICE_RECOMMENDED_MIN_DOLLARS}-$${PRICE_RECOMMENDED_MAX_DOLLARS}/month`;

/** The final button: 'Create Pact', 'Set Up Team' on step 5 of a Pro Pact, 'Create Pro Pact' on step 6. */
export function primaryActionLabel(state: Pick<WizardState, 'step' | 'visibility'>): string {
  if (state.visibility === 'pro') {
    if (state.step === 5) return 'Set Up Team';
    if (state.step === 6) return 'Create Pro Pact';
    return 'Continue';
  }
  return state.step === 5 ? 'Create Pact' : 'Continue';
}

/** True on the step whose button sends the Pact. */
export function isSubmitStep(state: Pick<WizardState, 'step' | 'visibility'>): boolean {
  return state.visibility === 'pro' ? state.step === 6 : state.step === 5;
}

export const STEP_TITLES: Record<number, { title: string; subtitle: string }> = {
  1: { title: 'Choose a template', subtitle: 'Start from a proven plan or build your own.' },
  2: { title: 'Who can join?', subtitle: 'Pick who sees and joins this Pact.' },
  3: { title: 'Set your goal', subtitle: 'Name it and set the daily target.' },
  4: { title: 'Schedule', subtitle: 'Which days, and at what time?' },
  5: { title: 'Tutorial & summary', subtitle: 'Show the right form, then check everything.' },
  6: { title: 'Set up your team', subtitle: 'Coach a paid team around this Pact.' },
};

/** The template's name for the summary; '' before one is chosen. */
export function templateName(templateId: string | null): string {
  return (templateId && findTemplate(templateId)?.name) || '';
}
