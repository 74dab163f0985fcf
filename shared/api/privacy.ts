import { z } from 'zod';
import { DELETION_REASON_MAX_LENGTH } from '../domain/limits';
import { email } from './auth';
import { idParam } from './ids';
import { freeText } from './text';

export const DATA_TYPES = ['profile', 'workouts', 'social', 'chat', 'media'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** POST /api/data-deletion-request: the Delete My Data form (docs/RULES.md "Privacy"). */
export const deletionRequestBody = z.strictObject({
  /** Accepted for compatibility and ignored: the server uses the session's user. */
  userId: z.string().max(64).optional().nullable(),
  dataTypes: z.array(z.enum(DATA_TYPES)).min(1, 'select at least one type of data').max(5),
  reason: freeText(DELETION_REASON_MAX_LENGTH, { multiline: true }).optional().nullable(),
  contactEmail: email,
  fullAccountDeletion: z.boolean(),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

export const deletionRequestResponse = z.object({
  id: z.number().int(),
  status: z.enum(['awaiting_confirmation', 'scheduled', 'cancelled', 'completed']),
  runAfter: z.string().nullable(),
});

const mailedToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a link token')
  .meta({ examples: ['dGhpcyBpcyBub3QgYSByZWFsIHRva2VuIGF0IGFsbA'] });

/** GET /api/data-deletion-request/confirm?token=...: the link mailed to a signed-out requester. */
export const confirmDeletionQuery = z.strictObject({ token: mailedToken });

/** GET /api/data-deletion-request/cancel?token=...: the "Cancel deletion request" link of the scheduled mail. */
export const cancelDeletionQuery = z.strictObject({ token: mailedToken });

/** A request of the signed-in user that has not run yet (Settings shows it with Cancel). */
export const pendingDeletion = z.object({
  id: z.number().int(),
  status: z.enum(['awaiting_confirmation', 'scheduled']),
  runAfter: z.string().nullable(),
  dataTypes: z.array(z.enum(DATA_TYPES)),
  fullAccountDeletion: z.boolean(),
});
export type PendingDeletion = z.infer<typeof pendingDeletion>;

/** GET /api/data-deletion-request: the caller's requests that have not run, soonest first. */
export const myDeletionResponse = z.object({ requests: z.array(pendingDeletion) });

export const deletionRequestIdParams = z.strictObject({ id: idParam() });
