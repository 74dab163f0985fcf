import { describe, expect, it } from 'vitest';
import { waitlistCountLabel } from './waitlist';

describe('waitlistCountLabel', () => {
  it("keeps SPEC's sentence with the real count", () => {
    expect(waitlistCountLabel(2400)).toBe('Join 2,400 creators already on the waitlist');
    expect(waitlistCountLabel(7)).toBe('Join 7 creators already on the waitlist');
    expect(waitlistCountLabel(1)).toBe('Join 1 creator already on the waitlist');
    expect(waitlistCountLabel(0)).toBe('Be the first creator on the waitlist');
  });

  it('counts the caller in once they are on the list', () => {
    expect(waitlistCountLabel(1, true)).toBe('1 creator on the waitlist');
    expect(waitlistCountLabel(1204, true)).toBe('1,204 creators on the waitlist');
  });
});
