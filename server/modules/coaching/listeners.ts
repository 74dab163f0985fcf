import type { AppContext } from '../../context';
import '../proofs/events';
import '../teams/events';
import { onProofDecided, onSubscriptionChanged } from './daily';

/** The daily summary follows its inputs: subscription changes and proof decisions (docs/ANALYTICS.md). */
export function registerCoachingListeners(ctx: AppContext) {
  ctx.events.on('team.subscription_changed', (e) => onSubscriptionChanged(ctx, e));
  ctx.events.on('proof.status_changed', (e) => onProofDecided(ctx, e));
}
