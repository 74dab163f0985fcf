import { z } from 'zod';
import { cleanText } from '../domain/text';

export { cleanText, hasVisibleText } from '../domain/text';

/**
 * The one rule for every text field of the API. A text is normalised to NFC and trimmed; line breaks are allowed
 * only in multi-line fields (descriptions, bios, messages, reasons), where CRLF and CR become LF; any other
 * control character (C0, DEL, C1) is refused; and a text made only of characters that show nothing (whitespace,
 * zero-width and other format characters, variation selectors, fillers) counts as empty, so a required field
 * answers 400 "must not be blank".
 */

/** JSON-schema-friendly patterns (documented in the OpenAPI document as they are enforced). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: naming the control characters to refuse is the point
const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, tab and line feed excepted
const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

export interface TextOptions {
  /** Line breaks (and tabs) allowed: descriptions, bios, messages, reasons. */
  multiline?: boolean;
  /** Fewest characters after cleaning (default 1: must not be blank). */
  min?: number;
}

function describeText(max: number, min: number, multiline: boolean): string {
  const lines = multiline
    ? 'line breaks allowed, no other control characters'
    : 'one line, no control characters';
  const blank = min > 0 ? '; only invisible characters count as blank' : '';
  return `Text of ${min > 1 ? `${min} to ` : 'at most '}${max} characters after NFC normalisation and trimming (${lines})${blank}.`;
}

/** A required text of at most `max` characters (at least `min`, default 1) after cleaning. */
export function text(max: number, opts: TextOptions = {}) {
  const multiline = opts.multiline ?? false;
  const min = opts.min ?? 1;
  return z
    .string()
    .overwrite((value) => cleanText(value, multiline))
    .regex(multiline ? MULTI_LINE_PATTERN : SINGLE_LINE_PATTERN, 'must not contain control characters')
    .min(min, min === 1 ? 'must not be blank' : `at least ${min} characters`)
    .max(max, `at most ${max} characters`)
    .meta({ description: describeText(max, min, multiline) });
}

/** A text that may be empty (an optional description or bio); invisible-only text becomes ''. */
export function freeText(max: number, opts: Omit<TextOptions, 'min'> = {}) {
  const multiline = opts.multiline ?? false;
  return z
    .string()
    .overwrite((value) => cleanText(value, multiline))
    .regex(multiline ? MULTI_LINE_PATTERN : SINGLE_LINE_PATTERN, 'must not contain control characters')
    .max(max, `at most ${max} characters`)
    .meta({ description: describeText(max, 0, multiline) });
}
