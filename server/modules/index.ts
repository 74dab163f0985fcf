import type { FastifyInstance } from 'fastify';

/** Every domain's routes, registered in one place. */
export async function registerModules(_app: FastifyInstance) {}
