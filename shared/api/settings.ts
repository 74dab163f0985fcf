import { z } from 'zod';
import { atLeastOneField } from './common';

/** GET /api/user/settings answers this; PATCH takes any non-empty subset. */
export const userSettings = z.object({
  workoutNotifications: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettings>;

export const updateSettingsBody = atLeastOneField(userSettings.partial().strict());
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
