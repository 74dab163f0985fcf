import { formatCount } from '../lib/count';
/**
 * What a text field with a length limit says about its length (docs/CLIENT.md, "Length limits"). The browser's
 * `maxLength` cuts a paste that would not fit without a word; the field then says how much was left out, and from
 * nine tenths of the limit on it counts the characters, so nobody loses text without knowing.
 */

/** How many characters of a paste the field's `maxLength` leaves out (0 when all of it fits). */
export function charactersLeftOut(
  field: { length: number; selected: number },
  pastedLength: number,
  max: number,
): number {
  return Math.max(0, field.length - field.selected + pastedLength - max);
}

const count = formatCount;

/** The line under the field, or null when there is nothing to say. */
export function lengthHint(length: number, max: number, leftOut: number): string | null {
  if (leftOut > 0 && length >= max)
    return `${count(leftOut)} pasted ${leftOut === 1 ? 'character was' : 'characters were'} left out: ${count(max)} at most.`;
  if (length >= Math.ceil(max * 0.9)) return `${count(length)} / ${count(max)}`;
  return null;
}
