import { z } from 'zod';
import { REPORT_REASON_MAX_LENGTH, REPORT_REASON_MIN_LENGTH } from '../domain/limits';
import { idParam, pageCursor } from './ids';
import { userSummary } from './pacts';
import { text } from './text';

/** Blocking, reporting users and the admin moderation queue (docs/RULES.md). */

export const REPORT_REASON_MIN = REPORT_REASON_MIN_LENGTH;
export const REPORT_REASON_MAX = REPORT_REASON_MAX_LENGTH;

export const blockResponse = z.object({ userId: z.string(), blocked: z.boolean() });
export type BlockResponse = z.infer<typeof blockResponse>;

/** GET /api/user/blocks: the users the caller blocked, newest first, so they can unblock. */
export const blockedUser = userSummary.extend({ lastName: z.string().nullable(), blockedAt: z.string() });
export type BlockedUser = z.infer<typeof blockedUser>;
export const blocksResponse = z.array(blockedUser);

export const reportUserBody = z.strictObject({
  reason: text(REPORT_REASON_MAX, { min: REPORT_REASON_MIN, multiline: true }),
});
export type ReportUserBody = z.infer<typeof reportUserBody>;

export const REPORT_ACTIONS = ['hide', 'ban', 'dismiss'] as const;
export const reportAction = z.enum(REPORT_ACTIONS);
export type ReportAction = z.infer<typeof reportAction>;

export const reportIdParams = z.strictObject({ id: idParam() });

const adminUser = userSummary.extend({ lastName: z.string().nullable(), bannedAt: z.string().nullable() });

/** One open report in the moderation queue, with what it points at. */
export const moderationReport = z.object({
  id: z.number().int(),
  kind: z.enum(['pact', 'user']),
  reason: z.string(),
  createdAt: z.string(),
  reporter: userSummary,
  /** The reported Pact (kind 'pact') with its creator. */
  pact: z
    .object({
      id: z.number().int(),
      title: z.string(),
      description: z.string(),
      visibility: z.string(),
      isHidden: z.boolean(),
      creator: adminUser,
    })
    .nullable(),
  /** The reported user (kind 'user'). */
  user: adminUser.extend({ bio: z.string().nullable() }).nullable(),
  /** Open reports about the same target, this one included. */
  reportCount: z.number().int(),
});
export type ModerationReport = z.infer<typeof moderationReport>;

export const moderationQueueQuery = z.strictObject({ cursor: pageCursor().optional() });
export const moderationQueue = z.object({
  items: z.array(moderationReport),
  nextCursor: z.string().nullable(),
});
export type ModerationQueue = z.infer<typeof moderationQueue>;

/**
 * POST /api/admin/reports/:id/resolve. hide: hide the reported Pact (Pact reports only). ban: ban the reported
 * user, or the reported Pact's creator (ends their sessions). dismiss: close the report, nothing else changes.
 * hide and ban also close every other open report about the same target.
 */
export const resolveReportBody = z.strictObject({ action: reportAction });
export type ResolveReportBody = z.infer<typeof resolveReportBody>;
export const resolveReportResponse = z.object({
  ok: z.literal(true),
  status: z.enum(['actioned', 'dismissed']),
  /** How many open reports this resolution closed. */
  closed: z.number().int(),
});
