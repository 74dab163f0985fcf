import { accentHex } from '@shared/domain/accents';
import { PRICE_MAX_DOLLARS, PRICE_MIN_DOLLARS, TEAM_DESCRIPTION_PREVIEW_CHARS } from '@shared/domain/limits';
import { formatCount } from '../../lib/count';

/** Presentation rules of the Teams screen, the team page and Discover's team slide. */

/**
 * SPEC 9: a program card cuts the description to 80 characters. Counted in code points, so an emoji is never
 * split in half; trailing spaces before the ellipsis are dropped.
 */
export function cutDescription(text: string, max: number = TEAM_DESCRIPTION_PREVIEW_CHARS): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}...`;
}

/** SPEC 3: subscriptionPrice is in cents and shown as dollars: 2900 -> '$29', 1250 -> '$12.50'. */
export function dollars(cents: number): string {
  const value = cents / 100;
  return Number.isInteger(value) ? `$${value}` : `$${value.toFixed(2)}`;
}

/** '$29/month'. */
export function perMonth(cents: number): string {
  return `${dollars(cents)}/month`;
}

/** '7-day free trial'. */
export function trialLabel(days: number): string {
  return `${days}-day free trial`;
}

/** '1 member', '1,204 members'. */
export function membersLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'member' : 'members'}`;
}

/**
 * The coach's edit form's price: whole or cent dollars within 5..199, or the error to show under the field.
 * Returns cents for the API.
 */
export function parsePriceInput(raw: string): { cents: number } | { error: string } {
  const text = raw.trim();
  const range = `Price must be between $${PRICE_MIN_DOLLARS} and $${PRICE_MAX_DOLLARS} a month`;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: range };
  const cents = Math.round(Number(text) * 100);
  if (cents < PRICE_MIN_DOLLARS * 100 || cents > PRICE_MAX_DOLLARS * 100) return { error: range };
  return { cents };
}

/** 'Mar 3, 2026': a billing date in the reader's own calendar. */
export function billingDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/**
 * A card in the team's look: its left rule in the team's accent (the card's own border colour without one).
 * Used by the member's card on the team page, the coach's member rows and the Messages list.
 */
export function accentBorder(accent: string | null | undefined): { borderLeftColor: string } | undefined {
  const hex = accentHex(accent);
  return hex ? { borderLeftColor: hex } : undefined;
}
