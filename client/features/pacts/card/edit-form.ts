import type { Challenge, UpdateChallengeBody } from '@shared/api/pacts';
import type { Difficulty } from '@shared/domain/templates';
import { hasVisibleText } from '@shared/domain/text';
import { isValidHHMM, type Weekday } from '@shared/domain/time';

/** The edit dialog's form (title, description, difficulty, time, days; terms while alone). */
export interface EditForm {
  title: string;
  description: string;
  difficulty: Difficulty;
  /** 'HH:MM' or '' for all day. */
  workoutTime: string;
  scheduleDays: Weekday[];
  exerciseType: string;
  targetValue: number;
  totalDays: number;
}

export function editFormOf(pact: Challenge): EditForm {
  return {
    title: pact.title,
    description: pact.description,
    difficulty: pact.difficulty,
    workoutTime: pact.workoutTime ?? '',
    scheduleDays: [...pact.scheduleDays],
    exerciseType: pact.exerciseType,
    targetValue: pact.targetValue,
    totalDays: pact.totalDays,
  };
}

export function isEditFormValid(form: EditForm): boolean {
  return (
    hasVisibleText(form.title) &&
    hasVisibleText(form.exerciseType) &&
    form.scheduleDays.length > 0 &&
    (form.workoutTime === '' || isValidHHMM(form.workoutTime))
  );
}

const sameDays = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((day) => b.includes(day));

/** Only what changed, so an untouched locked term is never sent; null when nothing changed. */
export function editChanges(pact: Challenge, form: EditForm): UpdateChallengeBody | null {
  const changes: UpdateChallengeBody = {};
  const title = form.title.trim();
  const description = form.description.trim();
  if (title !== pact.title) changes.title = title;
  if (description !== pact.description) changes.description = description;
  if (form.difficulty !== pact.difficulty) changes.difficulty = form.difficulty;
  const time = form.workoutTime === '' ? null : form.workoutTime;
  if (time !== pact.workoutTime) changes.workoutTime = time;
  if (!sameDays(form.scheduleDays, pact.scheduleDays)) changes.scheduleDays = form.scheduleDays;
  const exercise = form.exerciseType.trim();
  if (exercise !== pact.exerciseType) changes.exerciseType = exercise;
  if (form.targetValue !== pact.targetValue) changes.targetValue = form.targetValue;
  if (form.totalDays !== pact.totalDays) changes.totalDays = form.totalDays;
  return Object.keys(changes).length > 0 ? changes : null;
}

/** What the edit dialog does with the tutorial video: keep it, remove it, or replace it with a new recording. */
export type TutorialEdit = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; mediaId: string };

export function tutorialChanges(edit: TutorialEdit, hadTutorial: boolean): UpdateChallengeBody {
  if (edit.kind === 'replace') return { tutorialMediaId: edit.mediaId };
  // Removing nothing changes nothing: no request just for that.
  if (edit.kind === 'remove' && hadTutorial) return { tutorialMediaId: null, tutorialVideoUrl: null };
  return {};
}
