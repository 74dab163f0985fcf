/**
 * The waitlist line of the Pro Creator offer. SPEC's "Join 2,400+ creators already on the waitlist" was an invented
 * number; DECISIONS 2 makes it the real count, so the sentence keeps its shape with the stored number.
 */
export function waitlistCountLabel(count: number): string {
  if (count === 0) return 'Be the first creator on the waitlist';
  if (count === 1) return 'Join 1 creator already on the waitlist';
  return `Join ${count.toLocaleString('en-US')} creators already on the waitlist`;
}
