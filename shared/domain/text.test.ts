import { describe, expect, it } from 'vitest';
import { cleanText, hasVisibleText } from './text';

describe('the text rule', () => {
  it('normalises to NFC and trims', () => {
    expect(cleanText('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(cleanText('\u00a0title\u3000')).toBe('title');
  });

  it('turns CRLF and CR into LF in multi-line text only', () => {
    expect(cleanText('a\r\nb\rc', true)).toBe('a\nb\nc');
    expect(cleanText('a\r\nb')).toBe('a\r\nb');
  });

  it('counts a text of invisible characters as empty', () => {
    for (const invisible of [
      '\u200b',
      '\u200d\ufeff',
      '\u2060\u00ad',
      '\ufe0f\u{e0100}',
      ' \u3164 \u2800 ',
      '\u202e',
    ]) {
      expect(hasVisibleText(invisible), JSON.stringify(invisible)).toBe(false);
      expect(cleanText(invisible)).toBe('');
    }
  });

  it('keeps texts that show something, emoji sequences included', () => {
    for (const visible of [
      'a',
      '\u2764\ufe0f',
      '\u{1f468}\u200d\u{1f469}',
      '\u0645\u0631\u062d\u0628\u0627',
      '.',
    ]) {
      expect(hasVisibleText(visible), visible).toBe(true);
      expect(cleanText(visible)).toBe(visible.normalize('NFC'));
    }
  });
});
