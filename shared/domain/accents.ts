/**
 * A team's accent colour (docs/TEAMS.md "A team's look"): one of a fixed palette, each dark enough for white text
 * at WCAG AA (4.5:1 or more; `accents.test.ts` computes it), so a coach cannot pick an unreadable one.
 */
export const ACCENTS = {
  emerald: '#047857',
  teal: '#0f766e',
  blue: '#1d4ed8',
  indigo: '#4338ca',
  violet: '#6d28d9',
  pink: '#be185d',
  red: '#b91c1c',
  orange: '#c2410c',
  slate: '#334155',
} as const;

export type Accent = keyof typeof ACCENTS;
export const ACCENT_NAMES = Object.keys(ACCENTS) as Accent[];

/** The hex of an accent, or null (the app's own colour) for none or an unknown name. */
export const accentHex = (accent: string | null | undefined): string | null =>
  accent && accent in ACCENTS ? ACCENTS[accent as Accent] : null;
