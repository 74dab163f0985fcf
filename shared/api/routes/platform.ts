import { z } from 'zod';
import { defineRoutes } from '../route';

/** The app's own endpoints: health for load balancers, and this document. */
export const platformRoutes = defineRoutes('platform', {
  health: {
    summary: 'Liveness and which database the app runs on',
    auth: 'none',
    answers: { 200: z.object({ ok: z.literal(true), database: z.enum(['pglite', 'postgres']) }) },
    hidden: true,
  },
  docs: {
    summary: 'This OpenAPI document',
    auth: 'none',
    hidden: true,
  },
});
