import {
  cancelDeletionQuery,
  confirmDeletionQuery,
  deletionRequestBody,
  deletionRequestIdParams,
  deletionRequestResponse,
  myDeletionResponse,
} from '../privacy';
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
    errors: { 410: 'The link is unknown or was already used (an HTML page says so).' },
  },
  cancelDeletionByLink: {
    summary: 'The mailed "Cancel deletion request" link: answers an HTML page',
    description:
      'Cancels the scheduled request the link was mailed for, until it runs. Used or unknown links change nothing.',
    auth: 'none',
    query: cancelDeletionQuery,
    errors: { 410: 'The link is unknown or used, or the deletion already ran (an HTML page says so).' },
  },
  exportData: {
    summary: 'Download my data: a zip of every record of the caller (JSON per kind) and their files',
    description:
      'Streamed with Content-Length (entries are stored, not deflated). One export at a time per user (409), ' +
      'a few per hour (429). docs/PRIVACY.md lists the files.',
    auth: 'user',
    errors: {
      409: 'An export of yours is already being downloaded.',
      429: 'Too many exports in the last hour.',
    },
  },
  myDeletion: {
    summary: "The caller's deletion request that has not run yet",
    auth: 'user',
    answers: { 200: myDeletionResponse },
  },
  cancelDeletion: {
    summary: 'Cancel my deletion request before it runs',
    auth: 'user',
    params: deletionRequestIdParams,
    answers: { 200: deletionRequestResponse },
    errors: {
      404: 'No such request of yours.',
      409: 'The request already ran or was cancelled.',
    },
  },
});
