import { okResponse } from '../common';
import { defineRoutes } from '../route';
import {
  blockResponse,
  blocksResponse,
  moderationQueue,
  moderationQueueQuery,
  reportIdParams,
  reportUserBody,
  resolveReportBody,
  resolveReportResponse,
} from '../safety';
import { userIdParams } from '../users';

const OTHER_USER = {
  400: 'Also: the caller themself, or the AI Trainer.',
  404: 'No such user.',
} as const;
const ADMIN_ONLY = 'Also for anyone who is not an admin: the moderation queue does not exist for them.';

/** Blocking, reporting users and moderation (docs/RULES.md). */
export const safetyRoutes = defineRoutes('safety', {
  block: {
    summary: 'Block a user: they and the caller no longer see each other',
    auth: 'user',
    params: userIdParams,
    answers: { 200: blockResponse },
    errors: OTHER_USER,
  },
  unblock: {
    summary: 'Unblock a user',
    auth: 'user',
    params: userIdParams,
    answers: { 200: blockResponse },
    errors: OTHER_USER,
  },
  blocks: {
    summary: 'The users the caller blocked, newest first',
    auth: 'user',
    answers: { 200: blocksResponse },
  },
  reportUser: {
    summary: 'Report a user to the moderators (once per user)',
    auth: 'user',
    params: userIdParams,
    body: reportUserBody,
    answers: { 200: okResponse },
    errors: { ...OTHER_USER, 409: 'Already reported by the caller.' },
  },
  moderationQueue: {
    summary: 'Open reports, in cursor pages (admins only)',
    auth: 'user',
    query: moderationQueueQuery,
    answers: { 200: moderationQueue },
    errors: { 404: ADMIN_ONLY },
  },
  resolveReport: {
    summary: 'Hide the reported Pact, ban the user, or dismiss (admins only)',
    auth: 'user',
    params: reportIdParams,
    body: resolveReportBody,
    answers: { 200: resolveReportResponse },
    errors: {
      400: 'Also: hide on a user report, or ban of someone who cannot be banned.',
      404: `No such report. ${ADMIN_ONLY}`,
      409: 'The report was already resolved.',
    },
  },
});
