import { updateProfileBody } from '../auth';
import { authUserResponse } from '../auth-answers';
import { calendarQuery, calendarResponse } from '../calendar';
import { defineRoutes } from '../route';
import { userIdParams, usernameAvailability, usernameAvailabilityQuery, userProfile } from '../users';

/** Users' profiles, and the caller's own profile and calendar (docs/PACTS.md "Friends and profiles"). */
export const usersRoutes = defineRoutes('users', {
  get: {
    summary: "A user's profile: what the caller may see of them",
    auth: 'user',
    params: userIdParams,
    answers: { 200: userProfile },
    errors: { 404: 'No such user, or one the caller may not see (a block either way).' },
  },
  updateProfile: {
    summary: "Change the caller's names, username, bio, photo or time zone (at least one)",
    auth: 'user',
    body: updateProfileBody,
    answers: { 200: authUserResponse },
    errors: {
      409: 'The username is taken (regardless of case), also when another user took it a moment before.',
    },
  },
  usernameAvailability: {
    summary: 'Whether the caller may take a username (checked as they type)',
    description:
      'Answers the normalised name and, when it cannot be taken, why: its shape, a reserved word, or another ' +
      "user's name (regardless of case). The caller's own current username is available to them.",
    auth: 'user',
    query: usernameAvailabilityQuery,
    answers: { 200: usernameAvailability },
  },
  calendar: {
    summary: "The caller's approved workouts of one month, by local day",
    auth: 'user',
    query: calendarQuery,
    answers: { 200: calendarResponse },
  },
});
