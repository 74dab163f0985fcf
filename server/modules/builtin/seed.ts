import { sampleVideoUrl } from '../../../shared/api/media';
import { AI_TRAINER, AI_TRAINER_WORKOUTS } from '../../../shared/domain/templates';
import type { AppContext } from '../../context';
import { ensureBuiltinPact } from '../pacts/bookkeeping';
import { ensureSystemUser } from '../users/service';

/**
 * Built-in data present in every installation: the AI trainer user (`ai-trainer`, muscle emoji avatar) and its
 * five canned workouts as public Pacts, each with the bundled tutorial clip of its exercise. Idempotent: run at every start, creates only what is missing.
 * The trainer is a system user and does not hold participations of its own.
 */
export async function seedBuiltins(ctx: AppContext) {
  await ensureSystemUser(ctx, {
    id: AI_TRAINER.id,
    email: 'ai-trainer@sweatpact.local',
    username: AI_TRAINER.username,
    firstName: AI_TRAINER.firstName,
    lastName: AI_TRAINER.lastName,
    bio: 'Your virtual coach. Join my daily workouts and I will cheer you on in every chat.',
  });
  for (const workout of AI_TRAINER_WORKOUTS) {
    await ensureBuiltinPact(ctx, {
      title: workout.title,
      description: workout.description,
      creatorId: AI_TRAINER.id,
      exerciseType: workout.exerciseType,
      targetValue: workout.targetValue,
      difficulty: workout.difficulty,
      workoutTime: null,
      scheduleDays: [...workout.scheduleDays],
      totalDays: workout.totalDays,
      visibility: 'public',
      // The bundled clip of the exercise (scripts/make-sample-videos.mjs), a figure doing the movement.
      tutorialVideoUrl: sampleVideoUrl(workout.exerciseType),
    });
  }
}
