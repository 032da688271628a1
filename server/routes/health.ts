import type { FastifyPluginAsync } from 'fastify';

export interface HealthRoutesOptions {
  provider: 'stripe' | 'simulated';
}

/** GET /health (what `npm start` waits for) and GET /favicon.ico. */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { provider }) => {
  app.get('/health', async () => ({ ok: true, provider }));
  // Browsers ask for it on the payment page; answer "nothing" rather than a logged 404.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());
};
