import { z } from 'zod';

/**
 * Contracts of the Pro Creator waitlist's mailed links and its admin screen (docs/TEAMS.md "Pro Creator waitlist").
 * Joining and the count are `routes.teams.joinWaitlist` / `routes.teams.waitlist` (shared/api/teams.ts).
 */

/** How long a confirmation link works after it was mailed. */
export const WAITLIST_CONFIRM_HOURS = 48;

/** The confirmation link's token: 32 random bytes, base64url. */
const confirmToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'is not a link token')
  .meta({ examples: ['dGhpcyBpcyBub3QgYSByZWFsIHRva2VuIGF0IGFsbA0'] });
/** The "leave the list" link's token: the entry's id and its keyed hash. */
const leaveToken = z
  .string()
  .regex(/^\d{1,12}\.[A-Za-z0-9_-]{43}$/, 'is not a link token')
  .meta({ examples: ['1.dGhpcyBpcyBub3QgYSByZWFsIHRva2VuIGF0IGFsbA0'] });

/** POST /api/waitlist/pro-creator/confirm: the mailed confirmation link's token (the page posts it). */
export const confirmWaitlistBody = z.strictObject({ token: confirmToken });
export type ConfirmWaitlistBody = z.infer<typeof confirmWaitlistBody>;

export const confirmWaitlistResponse = z.object({
  /** The address now on the list. */
  email: z.string(),
  /** Confirmed people on the list, this one included. */
  count: z.number().int(),
});
export type ConfirmWaitlistResponse = z.infer<typeof confirmWaitlistResponse>;

/** POST /api/waitlist/pro-creator/leave: the "leave the list" link's token (the page posts it). */
export const leaveWaitlistBody = z.strictObject({ token: leaveToken });
export type LeaveWaitlistBody = z.infer<typeof leaveWaitlistBody>;

export const leaveWaitlistResponse = z.object({
  /** False when the address had already left (the link is idempotent). */
  removed: z.boolean(),
});
export type LeaveWaitlistResponse = z.infer<typeof leaveWaitlistResponse>;

/** One confirmed entry as the admin screen lists it. */
export const waitlistAdminEntry = z.object({
  id: z.number().int(),
  email: z.string(),
  joinedAt: z.iso.datetime(),
  confirmedAt: z.iso.datetime(),
  /** When the "Pro Creator is live" mail was queued for it; null until then. */
  launchMailedAt: z.iso.datetime().nullable(),
});
export type WaitlistAdminEntry = z.infer<typeof waitlistAdminEntry>;

export const waitlistAdminList = z.object({
  /** Confirmed entries, oldest first (all of them: the list is small; the CSV has the same rows). */
  entries: z.array(waitlistAdminEntry),
  /** Entries still waiting for their address to be confirmed (not listed, not counted). */
  unconfirmed: z.number().int(),
});
export type WaitlistAdminList = z.infer<typeof waitlistAdminList>;

export const waitlistLaunchResponse = z.object({
  /** Confirmed entries the launch mail was queued for now (each entry gets it once, ever). */
  mailed: z.number().int(),
});
export type WaitlistLaunchResponse = z.infer<typeof waitlistLaunchResponse>;
