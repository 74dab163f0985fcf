/**
 * The create-Pact wizard's rules (docs/PACTS.md): steps, validation, input parsing and the create payload.
 * The React overlay keeps a WizardState and calls these; the server re-validates the payload itself.
 */
import {
  CREATOR_SHARE_PERCENT,
  DEFAULT_DURATION_DAYS,
  DEFAULT_TARGET_VALUE,
  DURATION_MAX_DAYS,
  DURATION_MIN_DAYS,
  PRICE_DEFAULT_DOLLARS,
  PRICE_MAX_DOLLARS,
  PRICE_MIN_DOLLARS,
  REVENUE_ESTIMATE_MEMBERS,
  TARGET_VALUE_MAX,
  WIZARD_STEPS,
  WIZARD_STEPS_PRO,
} from './limits';
import { type Difficulty, findTemplate, type PactTemplate } from './templates';
import { isValidHHMM, WEEKDAYS, type Weekday } from './time';

export type Visibility = 'private' | 'public' | 'friends' | 'pro';
export const VISIBILITY_OPTIONS: readonly Visibility[] = ['private', 'public', 'friends', 'pro'];

export interface WizardState {
  step: number;
  templateId: string | null;
  visibility: Visibility | null;
  title: string;
  exerciseType: string;
  targetValue: number;
  totalDays: number;
  difficulty: Difficulty;
  scheduleDays: Weekday[];
  /** 'HH:MM', or '' for an all-day Pact. */
  workoutTime: string;
  tutorialVideoUrl: string | null;
  tutorialMediaId: string | null;
  teamName: string;
  teamDescription: string;
  monthlyPrice: number;
}

export function initialWizardState(): WizardState {
  return {
    step: 1,
    templateId: null,
    visibility: null,
    title: '',
    exerciseType: '',
    targetValue: DEFAULT_TARGET_VALUE,
    totalDays: DEFAULT_DURATION_DAYS,
    difficulty: 'medium',
    // Every day by default, so 'Skip to finish' on step 4 still gives a schedule.
    scheduleDays: [...WEEKDAYS],
    workoutTime: '',
    tutorialVideoUrl: null,
    tutorialMediaId: null,
    teamName: '',
    teamDescription: '',
    monthlyPrice: PRICE_DEFAULT_DOLLARS,
  };
}

/** Step 1: picking a template fills its defaults and moves on to step 2. */
export function chooseTemplate(state: WizardState, template: PactTemplate): WizardState {
  return {
    ...state,
    step: 2,
    templateId: template.id,
    exerciseType: template.exerciseType,
    targetValue: template.targetValue,
    totalDays: template.totalDays,
    title: template.title ?? '',
    difficulty: template.difficulty,
  };
}

export function isProWizard(state: Pick<WizardState, 'visibility'>): boolean {
  return state.visibility === 'pro';
}

export function isCustomTemplate(state: Pick<WizardState, 'templateId'>): boolean {
  return state.templateId !== null && findTemplate(state.templateId)?.isCustom === true;
}

export function stepCount(state: Pick<WizardState, 'visibility'>): number {
  return isProWizard(state) ? WIZARD_STEPS_PRO : WIZARD_STEPS;
}

/** The counter: 'x/5', or 'x/6' for a Pro Pact. */
export function stepCounter(state: Pick<WizardState, 'step' | 'visibility'>): string {
  return `${state.step}/${stepCount(state)}`;
}

/**
 * Whether Continue is enabled on `step`. Step 1 needs a chosen template rather than an exercise type: Custom
 * HIIT has an empty exercise type until step 3, so for custom Pacts step 3 requires a non-blank exercise type
 * besides the title.
 */
export function isStepValid(state: WizardState, step: number = state.step): boolean {
  switch (step) {
    case 1:
      return state.templateId !== null && findTemplate(state.templateId) !== undefined;
    case 2:
      return state.visibility !== null;
    case 3:
      return (
        state.title.trim() !== '' &&
        (!isCustomTemplate(state) || state.exerciseType.trim() !== '') &&
        Number.isInteger(state.totalDays) &&
        state.totalDays >= DURATION_MIN_DAYS &&
        state.totalDays <= DURATION_MAX_DAYS
      );
    case 4:
      return state.scheduleDays.length > 0 && (state.workoutTime === '' || isValidHHMM(state.workoutTime));
    case 5:
      return true;
    case 6:
      return (
        state.teamName.trim() !== '' &&
        state.teamDescription.trim() !== '' &&
        state.monthlyPrice >= PRICE_MIN_DOLLARS &&
        state.monthlyPrice <= PRICE_MAX_DOLLARS
      );
    default:
      return false;
  }
}

/** True when every step up to the last one is valid: the Pact can be created. */
export function isWizardComplete(state: WizardState): boolean {
  for (let step = 1; step <= stepCount(state); step += 1) if (!isStepValid(state, step)) return false;
  return true;
}

/** Continue: one step forward when the current step is valid and is not the last. */
export function nextStep(state: WizardState): WizardState {
  if (!isStepValid(state) || state.step >= stepCount(state)) return state;
  return { ...state, step: state.step + 1 };
}

/** Back: one step down, never below 1. */
export function previousStep(state: WizardState): WizardState {
  return { ...state, step: Math.max(1, state.step - 1) };
}

/** 'Skip to finish' shows on step 4 for non-Pro Pacts. */
export function canSkipToFinish(state: Pick<WizardState, 'step' | 'visibility'>): boolean {
  return state.step === 4 && !isProWizard(state);
}

/** Jumps from step 4 to step 5 (the summary), keeping the schedule as it is. */
export function skipToFinish(state: WizardState): WizardState {
  return canSkipToFinish(state) ? { ...state, step: 5 } : state;
}

function parseInteger(input: string | number): number {
  if (typeof input === 'number') return Number.isFinite(input) ? Math.trunc(input) : Number.NaN;
  return Number.parseInt(input.trim(), 10);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Duration input: whole days from 1 to 365; a parse failure gives 1. */
export function parseDuration(input: string | number): number {
  const value = parseInteger(input);
  return Number.isNaN(value) ? DURATION_MIN_DAYS : clamp(value, DURATION_MIN_DAYS, DURATION_MAX_DAYS);
}

/** Target input: a parse failure gives 0; kept within 0..TARGET_VALUE_MAX. */
export function parseTarget(input: string | number): number {
  const value = parseInteger(input);
  return Number.isNaN(value) ? 0 : clamp(value, 0, TARGET_VALUE_MAX);
}

/** Monthly price input in dollars: 5 to 199; a parse failure gives 29. */
export function parsePrice(input: string | number): number {
  const value = parseInteger(input);
  return Number.isNaN(value) ? PRICE_DEFAULT_DOLLARS : clamp(value, PRICE_MIN_DOLLARS, PRICE_MAX_DOLLARS);
}

/** Monthly revenue estimate for the coach: price x 50 members x 85% (rounded to cents). */
export function revenueEstimate(monthlyPrice: number): number {
  return Math.round(monthlyPrice * REVENUE_ESTIMATE_MEMBERS * CREATOR_SHARE_PERCENT) / 100;
}

export interface CreatePactPayload {
  exerciseType: string;
  targetValue: number;
  title: string;
  description: string;
  difficulty: Difficulty;
  proofMethod: 'live';
  visibility: Visibility;
  totalDays: number;
  scheduleDays: Weekday[];
  /** 'HH:MM', or null for an all-day Pact. */
  workoutTime: string | null;
  isCustom: boolean;
  tutorialVideoUrl: string | null;
  tutorialMediaId: string | null;
  monthlyPrice: number;
  /** Only for Pro Pacts: the keys are absent otherwise. */
  teamName?: string;
  teamDescription?: string;
  /** Part of the product's create payload; the server uses the session's user and never trusts this. */
  creatorId: string;
}

/** The create payload (POST /api/challenges) from a completed wizard. Throws when the wizard is not complete. */
export function buildCreatePayload(state: WizardState, user: { id: string }): CreatePactPayload {
  const template = state.templateId ? findTemplate(state.templateId) : undefined;
  if (!template || !state.visibility || !isWizardComplete(state)) {
    throw new Error('The wizard is not complete');
  }
  const pro = isProWizard(state);
  const exerciseType = state.exerciseType.trim();
  // Keep WEEKDAYS order and drop duplicates, whatever order the days were tapped in.
  const scheduleDays = WEEKDAYS.filter((day) => state.scheduleDays.includes(day));
  return {
    exerciseType,
    targetValue: state.targetValue,
    title: state.title.trim(),
    description: template.isCustom ? `Custom ${exerciseType} challenge` : template.description,
    difficulty: state.difficulty,
    proofMethod: 'live',
    visibility: state.visibility,
    totalDays: state.totalDays,
    scheduleDays,
    workoutTime: state.workoutTime === '' ? null : state.workoutTime,
    isCustom: template.isCustom,
    tutorialVideoUrl: state.tutorialVideoUrl,
    tutorialMediaId: state.tutorialMediaId,
    monthlyPrice: state.monthlyPrice,
    ...(pro ? { teamName: state.teamName.trim(), teamDescription: state.teamDescription.trim() } : {}),
    creatorId: user.id,
  };
}
