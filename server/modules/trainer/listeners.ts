import type { AppContext } from '../../context';
import { answerMessage, answerProof } from './service';

/** The AI trainer reacts to members' messages and approved proofs (after commit, on the instance that stored them). */
export function registerTrainerListeners(ctx: AppContext) {
  ctx.events.on('chat.message_created', (e) => (e.type === 'message' ? answerMessage(ctx, e) : undefined));
  ctx.events.on('proof.status_changed', (e) => (e.to === 'approved' ? answerProof(ctx, e) : undefined));
}
