import { z } from 'zod';

/** GET /api/user/settings answers this; PATCH takes any subset. */
export const userSettings = z.object({
  workoutNotifications: z.boolean(),
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type UserSettings = z.infer<typeof userSettings>;

export const updateSettingsBody = userSettings.partial().strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
