/**
 * Deterministic cartoon avatar features drawn from a user id (no network). The same id always gives the same face;
 * the palette is fixed so faces look good on both themes.
 */

const BACKGROUNDS = ['#a3f03c', '#38bdf8', '#f472b6', '#fb923c', '#a78bfa', '#34d399', '#facc15', '#f87171'];
const SKINS = ['#f9d7b5', '#f1c28f', '#d9a066', '#b77b4a', '#8d5a34', '#5e3a22'];
const HAIRS = ['#1f1a17', '#4a2f1b', '#8b5a2b', '#d8a14a', '#c2452d', '#6b7280', '#2f3a8f'];
const SHIRTS = ['#0f172a', '#ffffff', '#1d4ed8', '#be123c', '#15803d', '#7c3aed', '#ea580c'];

export type HairStyle = 'short' | 'spiky' | 'long' | 'bun' | 'buzz' | 'headband';
const HAIR_STYLES: HairStyle[] = ['short', 'spiky', 'long', 'bun', 'buzz', 'headband'];
export type Mouth = 'smile' | 'grin' | 'open';
const MOUTHS: Mouth[] = ['smile', 'grin', 'open'];

export interface AvatarArt {
  background: string;
  skin: string;
  hair: string;
  shirt: string;
  hairStyle: HairStyle;
  mouth: Mouth;
  /** Cheek blush on some faces, sweat drop on others: small touches that make faces distinct. */
  blush: boolean;
  sweat: boolean;
}

/** FNV-1a: small, stable and well spread for short ids. */
export function hashSeed(seed: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    hash ^= seed.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pick<T>(list: readonly T[], hash: number, shift: number): T {
  // `^` yields a signed 32-bit number; `>>> 0` keeps the index non-negative.
  return list[(((hash >>> shift) ^ (hash >>> (shift + 11))) >>> 0) % list.length]!;
}

export function avatarArt(seed: string): AvatarArt {
  const hash = hashSeed(seed);
  return {
    background: pick(BACKGROUNDS, hash, 0),
    skin: pick(SKINS, hash, 3),
    hair: pick(HAIRS, hash, 6),
    shirt: pick(SHIRTS, hash, 9),
    hairStyle: pick(HAIR_STYLES, hash, 12),
    mouth: pick(MOUTHS, hash, 15),
    blush: ((hash >>> 18) & 1) === 1,
    sweat: ((hash >>> 19) & 3) === 0,
  };
}

/** The first letter of each word (letters only: never a digit or a sign). */
const wordInitials = (text: string | null | undefined): string[] =>
  (text ?? '')
    .split(/[\s._-]+/)
    .map((word) => Array.from(word).find((ch) => /\p{L}/u.test(ch)) ?? '')
    .filter(Boolean);

/**
 * Up to two initials, letters only: the first letters of first and last name; else of the first two words of the
 * first name (a display name); else of the username's first two parts (maya.chen: MC), or its first letter; else '?'.
 */
export function initialsOf(
  firstName?: string | null,
  username?: string | null,
  lastName?: string | null,
): string {
  const first = wordInitials(firstName);
  const last = wordInitials(lastName);
  const fromNames = first.length > 0 ? [first[0], last[0] ?? first[1]] : last.slice(0, 1);
  const letters = fromNames.filter(Boolean).length > 0 ? fromNames : wordInitials(username).slice(0, 2);
  const out = letters.filter(Boolean).join('').toLocaleUpperCase();
  return out || '?';
}
