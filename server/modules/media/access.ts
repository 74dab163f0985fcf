import type { AppContext } from '../../context';
import type { MediaRow } from './repo';

/** Who is asking to play a file: a signed-in user, or nobody. */
export type MediaViewer = { id: string } | null;

/**
 * Decides whether a viewer who does not own a ready media file may play it. Domains that attach media to
 * something (Pacts to tutorials, proofs to videos and thumbnails) register one; any `true` grants access.
 */
export type MediaAccessResolver = (ctx: AppContext, viewer: MediaViewer, row: MediaRow) => Promise<boolean>;

const resolvers = new Map<MediaRow['kind'], Set<MediaAccessResolver>>();

/**
 * Registers a resolver for one kind. Pass a module-level function: registering the same function again
 * (every app built in a test run does) is a no-op.
 */
export function registerMediaAccess(kind: MediaRow['kind'], resolver: MediaAccessResolver) {
  let set = resolvers.get(kind);
  if (!set) {
    set = new Set();
    resolvers.set(kind, set);
  }
  set.add(resolver);
}

export function mediaAccessResolvers(kind: MediaRow['kind']): readonly MediaAccessResolver[] {
  return [...(resolvers.get(kind) ?? [])];
}
