import { confirmDeletionQuery, deletionRequestBody, deletionRequestResponse } from '../privacy';
import { defineRoutes } from '../route';

/** Delete My Data (docs/RULES.md "Privacy"). */
export const privacyRoutes = defineRoutes('privacy', {
  requestDeletion: {
    summary: 'Ask for data to be deleted (signed in or not)',
    description:
      'Signed in: scheduled at once for the session user (any userId sent is ignored). Signed out: a confirmation ' +
      'link is mailed to contactEmail and nothing happens until it is opened.',
    auth: 'optional',
    body: deletionRequestBody,
    answers: { 200: deletionRequestResponse },
    errors: { 429: 'Too many requests from this address for this email; wait an hour.' },
  },
  confirmDeletion: {
    summary: 'The mailed confirmation link: answers an HTML page',
    auth: 'none',
    query: confirmDeletionQuery,
  },
});
