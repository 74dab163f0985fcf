/**
 * The direction of the modules (docs/ARCHITECTURE.md, "Modules and their direction"): a module may import from a
 * module of a lower layer, or of its own layer when that makes no cycle; never from a higher one. Beside
 * table-owners.ts (who writes each table), this says who may call whom; `layers.test.ts` checks the code against
 * it, and `npm run check` runs madge, which finds no file cycle in server/ and shared/.
 *
 * Some files stand apart from their module's layer:
 * - Rules and contracts (`policy.ts`, `events.ts`, `summary.ts`) sit at layer 0, under every service: the SQL
 *   conditions of who may see what (they read any table, as reads may), the typed events and the read model of a
 *   person's name and picture. They import only platform code and each other.
 * - PLACED files: named below, each with its layer and why.
 * - Screens (`routes.ts`, `*-routes.ts`, `*-view.ts`) compose an answer from several modules; they sit above
 *   every layer, and no other module imports them.
 * - Tests and test helpers (`*.test.ts`, `testing.ts`, server/test/) build fixtures across modules.
 */
export const LAYERS: Record<string, number> = {
  // Who is asking: the signed-in person's session (the guard every route uses), under every service.
  session: 0.5,
  // The leaves: people, their files and settings, the ledger.
  users: 1,
  media: 1,
  settings: 1,
  billing: 1,
  // Who is related to whom.
  friends: 2,
  safety: 2,
  // Teams, then the Pacts they hold (a team Pact asks the team's access rule).
  teams: 3,
  pacts: 4,
  // What happens inside a Pact: its chat, the proofs posted there, the progress they make.
  chat: 5,
  proofs: 6,
  progress: 6,
  // What is told or shown about it.
  notifications: 7,
  activity: 7,
  leaderboard: 7,
  coaching: 7,
  // A member's subscription to a team: its lifecycle tells the member (notifications) and opens or ends the team's Pacts.
  memberships: 7.5,
  messages: 8,
  trainer: 8,
  // What spans everything: accounts (a sign-up may make a demo sandbox), the demo, payments, erasure, built-ins.
  auth: 9,
  demo: 9,
  // What a person or an admin does about others: block (ends friendships and shared Pacts), report, ban.
  moderation: 9.5,
  stripe: 10,
  privacy: 10,
  builtin: 10,
  // Pages composed from several modules (a person's profile, a team's page): above everything, imported by none.
  screens: 11,
};

/** Rules and contracts: layer 0 (see above). */
export const RULE_FILE = /(^|\/)(policy|events|summary)\.ts$/;

/** Files placed at another layer than their module's, by path under server/modules. */
export const PLACED: Record<string, { layer: number; why: string }> = {
  'coaching/earnings.ts': {
    layer: 10.5,
    why: "a coach's earnings read the ledger and, in Stripe mode, Connect's payouts (stripe); only its routes call it",
  },
};

/**
 * Imports that go up a layer, each because one transaction must span the two modules (the lower one's write has
 * to commit or fail with the higher one's). Keyed `from-file -> to-file` (paths under server/modules).
 */
export const UPWARD_EXCEPTIONS: Record<string, string> = {
  'auth/provider-service.ts -> privacy/replace-account.ts':
    "a provider sign-in erases the unproven account holding the address in the erasure's own transaction, before it makes the proven one",
};

/** A module file's layer (`rel` is its path under server/modules); screens are above all (Infinity). */
export function layerOf(rel: string): number {
  if (/(^|\/|-)routes\.ts$|-view\.ts$/.test(rel)) return Number.POSITIVE_INFINITY;
  if (RULE_FILE.test(rel)) return 0;
  const placed = PLACED[rel];
  if (placed) return placed.layer;
  const layer = LAYERS[rel.split('/')[0]!];
  if (layer === undefined) throw new Error(`no layer for the module of ${rel} (server/modules/layers.ts)`);
  return layer;
}
