import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { LimiterUnavailableError, type ShopperLimiter } from '../limits/limiterPort';
import { HttpError } from './httpErrors';

export interface ShopperLimitOptions {
  limiter: ShopperLimiter;
  /** Requests per shopper (uid) and window, over every instance. */
  max: number;
  windowMs: number;
  /** Routes (their URL patterns) the limit applies to. */
  routes: readonly string[];
  now: () => number;
}

/**
 * A per-shopper limit on the given routes. A `preHandler` hook: it runs after the route's `authenticate`
 * (onRequest) and the body's validation, so it counts only signed-in shoppers' well-formed requests by uid (the
 * per-IP limit counts everything else). A limiter that is down lets the request through (logged): the per-IP
 * limit still holds and the shop keeps selling.
 */
const shopperLimit: FastifyPluginAsync<ShopperLimitOptions> = async (app, { limiter, max, windowMs, routes, now }) => {
  const limited = new Set(routes);
  app.addHook('preHandler', async (request, reply) => {
    const uid = request.user?.uid;
    if (!uid || !limited.has(request.routeOptions.url ?? '')) return;
    let decision;
    try {
      decision = await limiter.hit(uid, { max, windowMs, now: now() });
    } catch (error) {
      if (!(error instanceof LimiterUnavailableError)) throw error;
      request.log.error({ err: error, uid }, 'shopper limit unavailable: request let through');
      return;
    }
    if (!decision.allowed) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      void reply.header('retry-after', String(seconds));
      throw new HttpError(429, 'rate_limited', `Muitas tentativas de pagamento. Tente novamente em ${seconds} s.`);
    }
  });
};

export default fp(shopperLimit, { name: 'shopper-limit', fastify: '5.x', dependencies: ['auth'] });
