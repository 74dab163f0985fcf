import { describe, expect, it } from 'vitest';
import { normalizeMailbox } from './normalize';

describe('normalizeMailbox', () => {
  it('lowercases, drops a +tag, and applies the Gmail dots rule', () => {
    expect(normalizeMailbox(' Victim@Example.com ')).toBe('victim@example.com');
    expect(normalizeMailbox('victim+1@example.com')).toBe('victim@example.com');
    expect(normalizeMailbox('victim+a+b@example.com')).toBe('victim@example.com');
    expect(normalizeMailbox('v.i.c.t.i.m+x@GoogleMail.com')).toBe('victim@gmail.com');
    expect(normalizeMailbox('vic.tim@gmail.com')).toBe('victim@gmail.com');
    // Dots matter elsewhere, and a leading + is part of the name.
    expect(normalizeMailbox('vic.tim@example.com')).toBe('vic.tim@example.com');
    expect(normalizeMailbox('+tag@example.com')).toBe('+tag@example.com');
  });
});
