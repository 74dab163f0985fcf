import { DIFFICULTY_LEVELS } from '@shared/domain/templates';
import { isValidHHMM, WEEKDAYS } from '@shared/domain/time';
import {
  initialWizardState,
  isStepValid,
  stepCount,
  VISIBILITY_OPTIONS,
  type WizardState,
} from '@shared/domain/wizard';
import { forgetWizardDraft, WIZARD_DRAFT_KEY } from '../create-wizard-store';

/**
 * The open wizard's entries, kept in this tab's sessionStorage for a reload (create-wizard-store.ts). A draft is
 * the signed-in person's own: another person's is dropped. Each field is checked on the way back, and one that does
 * not fit its type takes the wizard's default, so an old or edited draft cannot break the steps. A recorded
 * tutorial clip is not kept (it is a video in memory); the summary step asks for it again.
 */
export function saveDraft(userId: string, state: WizardState): void {
  try {
    sessionStorage.setItem(WIZARD_DRAFT_KEY, JSON.stringify({ userId, state }));
  } catch {
    // Private mode or full: the wizard works, only a reload forgets it.
  }
}

/** The person's draft, or null (none, another person's, or unreadable; those two are forgotten). */
export function loadDraft(userId: string): WizardState | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(WIZARD_DRAFT_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  const draft = parseDraft(raw, userId);
  if (!draft) forgetWizardDraft();
  return draft;
}

type Saved = Partial<Record<keyof WizardState, unknown>>;

export function parseDraft(raw: string, userId: string): WizardState | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || parsed.userId !== userId || !isRecord(parsed.state)) return null;
  const saved = parsed.state as Saved;
  const base = initialWizardState();
  const text = (v: unknown, fallback: string) => (typeof v === 'string' ? v : fallback);
  const count = (v: unknown, fallback: number) =>
    Number.isFinite(v) && (v as number) >= 0 ? (v as number) : fallback;
  const orNull = (v: unknown) => (typeof v === 'string' ? v : null);
  const visibility = VISIBILITY_OPTIONS.find((o) => o === saved.visibility) ?? null;
  const days = Array.isArray(saved.scheduleDays)
    ? WEEKDAYS.filter((d) => (saved.scheduleDays as unknown[]).includes(d))
    : base.scheduleDays;
  const state: WizardState = {
    step: 1,
    templateId: orNull(saved.templateId),
    visibility,
    title: text(saved.title, base.title),
    exerciseType: text(saved.exerciseType, base.exerciseType),
    targetValue: count(saved.targetValue, base.targetValue),
    totalDays: count(saved.totalDays, base.totalDays),
    difficulty: DIFFICULTY_LEVELS.find((d) => d === saved.difficulty) ?? base.difficulty,
    scheduleDays: days,
    workoutTime:
      typeof saved.workoutTime === 'string' && isValidHHMM(saved.workoutTime) ? saved.workoutTime : '',
    tutorialVideoUrl: orNull(saved.tutorialVideoUrl),
    tutorialMediaId: orNull(saved.tutorialMediaId),
    teamName: text(saved.teamName, base.teamName),
    teamDescription: text(saved.teamDescription, base.teamDescription),
    monthlyPrice: count(saved.monthlyPrice, base.monthlyPrice),
  };
  // Back to the step it was on, as far as the steps before it are complete.
  const target = Number.isInteger(saved.step) ? Math.min(saved.step as number, stepCount(state)) : 1;
  while (state.step < target && isStepValid(state, state.step)) state.step += 1;
  return state;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
