import { formatCount } from '../../lib/count';
/**
 * The waitlist line of the Pro Creator offer. SPEC's "Join 2,400+ creators already on the waitlist" was an invented
 * number; DECISIONS 2 makes it the real count, so the sentence keeps its shape with the stored number. Once the
 * caller is on the list the count includes them, and the line just says how many are waiting.
 */
export function waitlistCountLabel(count: number, joined = false): string {
  const creators = `${formatCount(count)} ${count === 1 ? 'creator' : 'creators'}`;
  if (joined) return `${creators} on the waitlist`;
  if (count === 0) return 'Be the first creator on the waitlist';
  return `Join ${creators} already on the waitlist`;
}
