import type { DataType } from '@shared/api/privacy';

/** The data types' names, as the Delete My Data form shows them. */
export const DATA_TYPE_LABELS: Record<DataType, string> = {
  profile: 'Profile Information',
  workouts: 'Workout History',
  social: 'Social Data',
  chat: 'Chat Messages',
  media: 'Uploaded Media',
};
