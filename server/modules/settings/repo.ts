import { eq } from 'drizzle-orm';
import type { UpdateSettingsBody, UserSettings } from '../../../shared/api/settings';
import type { Db } from '../../db/client';
import { userSettings } from '../../db/schema';

const columns = {
  workoutNotifications: userSettings.workoutNotifications,
  analytics: userSettings.analytics,
  marketing: userSettings.marketing,
};

/** A user's settings; the defaults (workout notifications on, analytics and marketing off) until first saved. */
export async function getSettings(db: Db, userId: string): Promise<UserSettings> {
  const [row] = await db.select(columns).from(userSettings).where(eq(userSettings.userId, userId));
  return row ?? { workoutNotifications: true, analytics: false, marketing: false };
}

export async function saveSettings(db: Db, userId: string, patch: UpdateSettingsBody): Promise<UserSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...patch })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: new Date() } })
    .returning(columns);
  return row!;
}
