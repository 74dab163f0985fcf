import { z } from 'zod';

/** Error body of every non-ok API answer. */
export const apiError = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const okResponse = z.object({ ok: z.literal(true) });

/** A trimmed, non-blank string of at most `max` characters. */
export const text = (max: number) =>
  z.string().trim().min(1, 'must not be blank').max(max, `at most ${max} characters`);

export const isoDate = z.iso.date();

/** Validates an IANA time zone name with the runtime's Intl data. */
export const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return tz.includes('/') || tz === 'UTC';
    } catch {
      return false;
    }
  }, 'not a known IANA time zone');
