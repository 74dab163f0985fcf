import { z } from 'zod';

/** Error body of every non-ok API answer. `field` names the offending input on a validation error. */
export const apiError = z.object({
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiError>;

export const okResponse = z.object({ ok: z.literal(true) });

export const isoDate = z.iso.date().meta({ examples: ['1990-05-17'] });

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
  }, 'not a known IANA time zone')
  .meta({ description: 'An IANA time zone name (Region/City, or UTC).', examples: ['Europe/Paris'] });

/** A PATCH body must change something: an empty object is a 400 (documented as `minProperties: 1`). */
export function atLeastOneField<T extends z.ZodObject>(schema: T) {
  return schema
    .refine((body) => Object.keys(body).length > 0, 'nothing to change: give at least one field')
    .meta({ minProperties: 1 });
}
