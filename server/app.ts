import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type Stripe from 'stripe';
import type { CatalogPort } from '../src/adapters/catalog/catalogPort';
import { createPriceBook } from './adapters/cachedCatalog';
import type { TokenVerifier } from './auth/tokenVerifier';
import type { PaymentProvider } from './payments/paymentsPort';
import auth from './plugins/auth';
import errors, { HttpError } from './plugins/httpErrors';
import securityHeaders from './plugins/securityHeaders';
import shopperLimit from './plugins/shopperLimit';
import type { ShopperLimiter } from './limits/limiterPort';
import { CHECKOUT_ROUTE, checkoutRoutes } from './routes/checkout';
import { healthRoutes } from './routes/health';
import { DEFAULT_CHECKOUT_EXPIRES_AFTER_MINUTES } from './serverConfig';
import { ORDER_RETURN_ROUTE, orderReturnRoutes } from './routes/orderReturn';
import { PAY_PAGE_PREFIX, payPageRoutes } from './routes/payPage';
import { pagesRoutes, type PagesRoutesOptions } from './routes/pages';
import { SEARCH_ROUTE, searchRoutes } from './routes/searchApi';
import type { ProductSearch } from './adapters/search/productSearch';
import { stripeWebhookRoutes } from './routes/stripeWebhook';
import type { CheckoutStore } from './store/sessionStorePort';

export { CHECKOUT_ROUTE, ORDER_RETURN_ROUTE, SEARCH_ROUTE };

/**
 * Never in a log line: the shopper's token, and the delivery address (personal data) wherever an object carries
 * one, ours (`address`, `recipient`) or Stripe's (`shipping_details`), up to three levels deep.
 */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'address',
  '*.address',
  '*.*.address',
  'recipient',
  '*.recipient',
  '*.*.recipient',
  'shipping_details',
  '*.shipping_details',
  '*.*.shipping_details',
];

/** The logger options with our redaction added to whatever the caller set (server/main.ts sets its level). */
export function withRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const options = typeof logger === 'object' && logger !== null ? logger : { level: 'info' };
  const { redact } = options;
  const own = Array.isArray(redact) ? redact : (redact?.paths ?? []);
  return {
    ...options,
    redact: { ...(Array.isArray(redact) ? {} : redact), paths: [...new Set([...own, ...REDACTED_LOG_PATHS])] },
  };
}

export interface ServerDeps {
  /** Origin of the storefront (CORS) and base of the confirmation URLs, e.g. http://localhost:1234. */
  storefrontUrl: string;
  catalog: CatalogPort;
  /** How long catalog prices are kept in memory (CATALOG_CACHE_TTL_MS). */
  catalogCacheTtlMs: number;
  payments: PaymentProvider;
  store: CheckoutStore;
  verifier: TokenVerifier;
  /** Enables POST /webhooks/stripe. */
  stripeWebhook?: { stripe: Stripe; secret: string };
  /** Per-IP limit over all routes; `false` disables (never in production). */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body, bytes. 100 full cart lines are about 30 KB. */
  bodyLimit?: number;
  /** How long a checkout session can be paid, and its units stay reserved (CHECKOUT_EXPIRES_AFTER_MINUTES). */
  sessionTtlMs?: number;
  /** How long the store may take over one checkout before the shopper gets a 503 (DEFAULT_STORE_DEADLINE_MS). */
  checkoutStoreDeadlineMs?: number;
  trustProxy?: boolean;
  /** Checkout sessions per shopper (uid) and window, counted over every instance (server/limits/). */
  shopperLimit?: { limiter: ShopperLimiter; max: number; windowMs: number };
  /**
   * Cloud Functions (server/functions.ts) has read the body before the app sees the request: read
   * `request.raw.rawBody` (the exact bytes, as the Stripe signature needs) instead of the spent stream.
   */
  bodyFromRawBody?: boolean;
  now?: () => number;
  /** Pix and boleto deadlines on the simulated page (PIX_EXPIRES_AFTER_SECONDS, BOLETO_EXPIRES_AFTER_DAYS). */
  asyncMethods?: { pixExpiresAfterSeconds: number; boletoExpiresAfterDays: number };
  /** Catalog pages and sitemaps rendered on request (server/routes/pages.ts); the origin is storefrontUrl's. */
  pages?: Omit<PagesRoutesOptions, 'origin' | 'now'>;
  /** Enables GET /api/search over this index of the whole catalog (server/adapters/search/); its first build starts here. */
  search?: ProductSearch;
}

/**
 * Builds the backend (not listening): `await app.listen(...)` or `app.inject(...)` it. Only wiring: each concern
 * is a plugin in server/plugins/ (app-wide) or server/routes/ (one route group each, encapsulated).
 */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const now = deps.now ?? Date.now;
  const storefrontUrl = deps.storefrontUrl.replace(/\/+$/, '');
  const storefrontOrigin = new URL(storefrontUrl).origin;
  const confirmationUrl = `${storefrontUrl}/payment-confirmation`;

  const app = Fastify({
    logger: withRedaction(deps.logger),
    bodyLimit: deps.bodyLimit ?? 64 * 1024,
    trustProxy: deps.trustProxy ?? false,
    // Session ids and such come from us; nobody needs 100-character-plus route params.
    routerOptions: { maxParamLength: 100 },
  });
  // Route schemas are TypeBox: compiled by TypeBox itself (no coercion of body types, pt-BR messages).
  app.setValidatorCompiler(TypeBoxValidatorCompiler);

  await app.register(errors);
  await app.register(securityHeaders, { storefrontOrigin });
  await app.register(cors, {
    origin: [storefrontOrigin],
    methods: ['POST'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
    maxAge: 600,
  });
  if (deps.rateLimit !== false) {
    const limit = deps.rateLimit ?? { max: 120, timeWindowMs: 60_000 };
    await app.register(rateLimit, {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      // Not per route: @fastify/rate-limit's per-route hook runs after the route's own onRequest hooks, so the
      // checkout's token check answered 401 first and forged-token floods were never counted.
      global: false,
      // Behind Cloud Functions the request may come without a socket address (the emulator's worker gets it
      // over a pipe); such requests share one bucket rather than crash the plugin's IP normalisation.
      keyGenerator: (request) => request.ip || 'unknown',
      errorResponseBuilder: (_request, context) =>
        new HttpError(
          429,
          'rate_limited',
          `Muitas requisições. Tente novamente em ${Math.ceil(context.ttl / 1000)} s.`,
        ),
    });
    // App-level onRequest hooks run before every route-level one: every request counts (forged tokens, 404s,
    // bad bodies), before any work is done for it. A route opts out with `config: { rateLimit: false }` (the
    // Stripe webhook: Stripe's retries come from few IPs and are signed).
    const limiter = app.rateLimit();
    app.addHook('onRequest', async function (request, reply) {
      const config = request.routeOptions.config as { rateLimit?: unknown } | undefined;
      if (config?.rateLimit === false) return;
      await limiter.call(this, request, reply);
    });
  }
  await app.register(auth, { verifier: deps.verifier });
  if (deps.shopperLimit) await app.register(shopperLimit, { ...deps.shopperLimit, routes: [CHECKOUT_ROUTE], now });
  if (deps.bodyFromRawBody) {
    app.addHook('preParsing', async (request, _reply, payload) => {
      const rawBody = (request.raw as { rawBody?: Buffer }).rawBody;
      return rawBody ? Readable.from([rawBody]) : payload;
    });
  }

  // One price book for the checkout and the pay page's re-quote: one catalog read per TTL.
  const priceBook = createPriceBook(deps.catalog, { ttlMs: deps.catalogCacheTtlMs, now });
  await app.register(healthRoutes, { provider: deps.payments.name });
  await app.register(checkoutRoutes, {
    payments: deps.payments,
    store: deps.store,
    priceBook,
    confirmationUrl,
    sessionTtlMs: deps.sessionTtlMs ?? DEFAULT_CHECKOUT_EXPIRES_AFTER_MINUTES * 60_000,
    ...(deps.checkoutStoreDeadlineMs === undefined ? {} : { storeDeadlineMs: deps.checkoutStoreDeadlineMs }),
    now,
  });
  // The shopper's return of a delivered order (docs/requirements.md#order-lifecycle), beside the checkout.
  await app.register(orderReturnRoutes, { store: deps.store, now });
  if (deps.payments.name === 'simulated') {
    await app.register(payPageRoutes, {
      prefix: PAY_PAGE_PREFIX,
      store: deps.store,
      priceBook,
      storefrontUrl,
      confirmationUrl,
      now,
      ...deps.asyncMethods,
    });
  }
  if (deps.search) {
    const { search } = deps;
    await app.register(searchRoutes, { search });
    // Built while the server starts listening; a search that comes first waits for it.
    search.ready().catch((error: unknown) => app.log.error({ err: error }, 'the search index could not be built'));
  }
  if (deps.stripeWebhook) await app.register(stripeWebhookRoutes, { ...deps.stripeWebhook, store: deps.store, now });
  if (deps.pages) await app.register(pagesRoutes, { ...deps.pages, origin: storefrontUrl, now });
  return app;
}
