import { z } from 'zod';
import { email } from './auth';

export const DATA_TYPES = ['profile', 'workouts', 'social', 'chat', 'media'] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** POST /api/data-deletion-request (SPEC section 3, "Data deletion request"). */
export const deletionRequestBody = z.strictObject({
  /** Sent by the client as SPEC says; the server ignores it and uses the session's user. */
  userId: z.string().max(64).optional().nullable(),
  dataTypes: z.array(z.enum(DATA_TYPES)).min(1, 'select at least one type of data').max(5),
  reason: z.string().trim().max(2000, 'at most 2000 characters').optional().nullable(),
  contactEmail: email,
  fullAccountDeletion: z.boolean(),
});
export type DeletionRequestBody = z.infer<typeof deletionRequestBody>;

export const deletionRequestResponse = z.object({
  id: z.number().int(),
  status: z.enum(['awaiting_confirmation', 'scheduled', 'cancelled', 'completed']),
  runAfter: z.string().nullable(),
});
