import type { UpdateSettingsBody, UserSettings } from '../../../shared/api/settings';
import type { AppContext } from '../../context';
import * as repo from './repo';

/** The Settings screen's Privacy & Data toggles, kept per user on the server. Only ever the caller's own. */

export function getSettings(ctx: AppContext, userId: string): Promise<UserSettings> {
  return repo.getSettings(ctx.db, userId);
}

export function saveSettings(
  ctx: AppContext,
  userId: string,
  patch: UpdateSettingsBody,
): Promise<UserSettings> {
  return repo.saveSettings(ctx.db, userId, patch);
}
