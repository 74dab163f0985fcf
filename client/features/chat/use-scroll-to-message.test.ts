import { describe, expect, it } from 'vitest';
import { targetMessageId } from './use-scroll-to-message';

describe('targetMessageId', () => {
  it('reads #message-N and nothing else', () => {
    expect(targetMessageId('#message-31')).toBe(31);
    expect(targetMessageId('')).toBeNull();
    expect(targetMessageId('#message-')).toBeNull();
    expect(targetMessageId('#message-3x')).toBeNull();
  });
});
