import type { FastifyInstance } from 'fastify';
import { registerTrainer } from './service';

/** The AI trainer's chat replies (no routes: it reacts to domain events). */
export async function trainerModule(app: FastifyInstance) {
  const off = registerTrainer(app.ctx);
  app.addHook('onClose', async () => off());
}
