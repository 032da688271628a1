import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { JSON_ERROR_RESPONSES } from '../plugins/httpErrors';

export interface HealthRoutesOptions {
  provider: 'stripe' | 'simulated';
}

export const HealthAnswer = Type.Object({
  ok: Type.Literal(true),
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('simulated')]),
});

/** GET /health (what `npm start` waits for) and GET /favicon.ico. */
export const healthRoutes: FastifyPluginAsyncTypebox<HealthRoutesOptions> = async (app, { provider }) => {
  app.get('/health', { schema: { response: { 200: HealthAnswer, ...JSON_ERROR_RESPONSES } } }, async () => ({
    ok: true as const,
    provider,
  }));
  // Browsers ask for it on the payment page; answer "nothing" rather than a logged 404.
  app.get('/favicon.ico', { schema: { response: { 204: Type.Null() } } }, async (_request, reply) =>
    reply.code(204).header('cache-control', 'public, max-age=86400').send(null),
  );
};
