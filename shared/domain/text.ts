/**
 * How texts are cleaned before they are checked or stored (the API's text rule, shared/api/text.ts): NFC, line
 * breaks as LF in multi-line text, trimmed, and a text that shows nothing counts as empty. No zod here, so screens
 * can check a field as the server will.
 */

/** Whitespace, default-ignorable code points (U+200B..U+200F, U+2060.., U+FEFF, U+00AD, variation selectors,
 * Hangul fillers...), other format characters and the blank braille pattern: nothing a reader can see. */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]*$/u;

/** The cleaning step on its own (also what the client may show before sending). */
export function cleanText(value: string, multiline = false): string {
  let text = value.normalize('NFC');
  if (multiline) text = text.replace(/\r\n?/g, '\n');
  text = text.trim();
  return INVISIBLE_ONLY.test(text) ? '' : text;
}

/** True when the text has at least one character a reader can see. */
export function hasVisibleText(value: string): boolean {
  return !INVISIBLE_ONLY.test(value);
}
