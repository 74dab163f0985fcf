import { defineRoutes } from '../route';
import { updateSettingsBody, userSettings } from '../settings';

/** The Settings screen's Privacy & Data toggles. */
export const settingsRoutes = defineRoutes('settings', {
  get: {
    summary: "The caller's Privacy & Data toggles",
    auth: 'user',
    answers: { 200: userSettings },
  },
  update: {
    summary: 'Change some toggles (at least one)',
    auth: 'user',
    body: updateSettingsBody,
    answers: { 200: userSettings },
  },
});
