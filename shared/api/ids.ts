import { z } from 'zod';

/**
 * Bounded numbers and ids of the API: every id or number a request carries is checked against what its column
 * can hold, so an out-of-range value is a clear 400 instead of a database error.
 */

/** The largest value of a PostgreSQL `integer` (int4) column: Pact, proof, report and participation ids. */
export const INT4_MAX = 2_147_483_647;
/** `bigint` ids (chat messages, notifications) travel as JS numbers: they stay within the safe integers. */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

const wholeNumber = (min: number, max: number) => `must be a whole number from ${min} to ${max}`;

/** A whole number in [min, max] sent as a JSON number (bodies, socket frames). */
export function intValue(min: number, max: number) {
  const message = wholeNumber(min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** A whole number in [min, max] sent as text (path and query parameters), e.g. `?limit=20`. */
export function intParam(min: number, max: number) {
  const message = wholeNumber(min, max);
  return z.coerce.number<number>({ error: message }).int(message).min(min, message).max(max, message);
}

/** An int4 id in a path or query (`/api/challenges/:id`). */
export const idParam = () => intParam(1, INT4_MAX);
/** A bigint id in a path or query (`?before=<message id>`). */
export const bigIdParam = () => intParam(1, BIGINT_ID_MAX);
/** An int4 id in a JSON body (`{ proofId }`). */
export const idValue = () => intValue(1, INT4_MAX);
/** A bigint id in a JSON body (`{ ids: [<notification id>] }`). */
export const bigIdValue = () => intValue(1, BIGINT_ID_MAX);

/** Ids that are strings (users, media): letters, digits, '-' and '_' as the server makes them. */
export const STRING_ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
export const stringId = (what: string) =>
  z
    .string()
    .regex(STRING_ID_RE, `must be a ${what} id (1 to 64 letters, digits, '-' or '_')`)
    .meta({ examples: ['a1B2c3D4e5F6g7H8i9J0kL'] });

/**
 * An opaque page cursor: send back the `nextCursor` of the previous page unchanged. Anything else is a 400
 * (checked here, so a forged cursor never reaches a query). `maxId` is the bound of the listed rows' ids.
 */
export const pageCursor = (maxId: number = INT4_MAX) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'is invalid')
    .refine((cursor) => isPageCursor(cursor, maxId), 'is invalid')
    .meta({
      description: 'Opaque: the nextCursor of the previous page, sent back unchanged.',
      examples: ['aWQ6MQ'],
    });

/** Cursors are base64url of `id:<n>`, n the last id of the previous page. */
function isPageCursor(cursor: string, maxId: number): boolean {
  try {
    const base64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    const match = /^id:(\d{1,16})$/.exec(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)));
    return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= maxId;
  } catch {
    return false;
  }
}
