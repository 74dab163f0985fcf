import { and, eq } from 'drizzle-orm';
import { AI_TRAINER, AI_TRAINER_WORKOUTS } from '../../../shared/domain/templates';
import type { AppContext } from '../../context';
import { pacts, users } from '../../db/schema';

/**
 * Built-in data present in every installation: the AI trainer user (`ai-trainer`, muscle emoji avatar) and its
 * five canned workouts as public Pacts. Idempotent: run at every start, creates only what is missing.
 * The trainer is a system user and does not hold participations of its own.
 */
export async function seedBuiltins(ctx: AppContext) {
  const { db } = ctx;
  await db
    .insert(users)
    .values({
      id: AI_TRAINER.id,
      name: `${AI_TRAINER.firstName} ${AI_TRAINER.lastName}`,
      email: 'ai-trainer@sweatpact.local',
      emailVerified: true,
      username: AI_TRAINER.username,
      firstName: AI_TRAINER.firstName,
      lastName: AI_TRAINER.lastName,
      bio: 'Your virtual coach. Join my daily workouts and I will cheer you on in every chat.',
      role: 'system',
    })
    .onConflictDoNothing();

  for (const workout of AI_TRAINER_WORKOUTS) {
    const [existing] = await db
      .select({ id: pacts.id })
      .from(pacts)
      .where(and(eq(pacts.creatorId, AI_TRAINER.id), eq(pacts.exerciseType, workout.exerciseType)));
    if (existing) continue;
    await db.insert(pacts).values({
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
    });
  }
}
