import { activityQuery, activityResponse, remindersResponse } from '../activity';
import { defineRoutes } from '../route';

/** Home's activity and the workout-time reminders. */
export const activityRoutes = defineRoutes('activity', {
  list: {
    summary: "Friends' workouts today, or recent ones near the caller (at most 5)",
    auth: 'user',
    query: activityQuery,
    answers: { 200: activityResponse },
  },
  reminders: {
    summary: "The caller's Pacts scheduled today with a workout time",
    auth: 'user',
    answers: { 200: remindersResponse },
  },
});
