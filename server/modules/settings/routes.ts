import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateSettingsBody, userSettings } from '../../../shared/api/settings';
import { requireUser } from '../auth/guard';
import * as repo from './repo';

/** The Settings screen's Privacy & Data toggles, kept per user on the server. */
export async function settingsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  app.get('/api/user/settings', { schema: { response: { 200: userSettings }, tags } }, async (request) => {
    const me = await requireUser(request);
    return repo.getSettings(root.ctx.db, me.id);
  });
  app.patch(
    '/api/user/settings',
    { schema: { body: updateSettingsBody, response: { 200: userSettings }, tags } },
    async (request) => {
      const me = await requireUser(request);
      return repo.saveSettings(root.ctx.db, me.id, request.body);
    },
  );
}
