import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type Stripe from 'stripe';
import { MalformedDocumentError } from '../src/domain';
import { CatalogUnavailableError, type CatalogPort } from '../src/adapters/catalog/port';
import { createPriceBook } from './adapters/cachedCatalog';
import { bearerToken, InvalidTokenError, type TokenVerifier, type VerifiedUser } from './auth/tokenVerifier';
import { parseCheckoutBody, priceLines } from './checkout';
import { errorBody, HttpError } from './errors';
import { renderMessagePage, renderPayPage } from './payments/payPage';
import { amountTotal, CHECKOUT_SESSION_ID_PLACEHOLDER, PaymentProviderError, type PaymentProvider } from './payments/port';
import { StoreUnavailableError, type CheckoutStore, type SessionOutcome, type StoredSession } from './store/port';

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
  /** How long a checkout session can be paid. */
  sessionTtlMs?: number;
  trustProxy?: boolean;
  now?: () => number;
}

export const CHECKOUT_ROUTE = '/create-checkout-session';
const SIMULATED_ID = /^cs_sim_[A-Za-z0-9_-]{8,64}$/;

/** Builds the backend (not listening). `await app.listen(...)` or `app.inject(...)` it. */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const now = deps.now ?? Date.now;
  const sessionTtlMs = deps.sessionTtlMs ?? 24 * 60 * 60 * 1000;
  const storefront = new URL(deps.storefrontUrl);
  const storefrontBase = deps.storefrontUrl.replace(/\/+$/, '');
  const confirmation = `${storefrontBase}/payment-confirmation`;
  const priceBook = createPriceBook(deps.catalog, { ttlMs: deps.catalogCacheTtlMs, now });

  const app = Fastify({
    logger: deps.logger ?? { level: 'info', redact: ['req.headers.authorization'] },
    bodyLimit: deps.bodyLimit ?? 64 * 1024,
    trustProxy: deps.trustProxy ?? false,
    // Session ids and such come from us; nobody needs 100-character-plus route params.
    routerOptions: { maxParamLength: 100 },
  });

  // Declared up front so every request object has the same shape (Fastify 5's advice for speed).
  app.decorateRequest('user', null);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, code, message } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code, status, detail: error.message }, 'request rejected');
    void reply.status(status).type('application/json; charset=utf-8').send(errorBody(code, message));
  });
  app.setNotFoundHandler((request, reply) => {
    void reply.status(404).send(errorBody('not_found', `Rota não encontrada: ${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`));
  });

  // Helmet's default security headers plus our CSP, computed once: @fastify/helmet rebuilt them on every request
  // (5 % of the server's CPU in `npm run bench:server`). The same set helmet 8 sends by default.
  const securityHeaders = {
    'content-security-policy': [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      "img-src 'self' data:",
      // The payment forms post here, then the 303 takes the browser to the storefront: both must be allowed.
      `form-action 'self' ${storefront.origin}`,
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  } as const;
  app.addHook('onRequest', async (_request, reply) => {
    void reply.headers(securityHeaders);
  });
  await app.register(cors, {
    origin: [storefront.origin],
    methods: ['POST'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });
  if (deps.rateLimit !== false) {
    const limit = deps.rateLimit ?? { max: 120, timeWindowMs: 60_000 };
    await app.register(rateLimit, {
      max: limit.max,
      timeWindow: limit.timeWindowMs,
      errorResponseBuilder: (_request, context) =>
        new HttpError(429, 'rate_limited', `Muitas requisições. Tente novamente em ${Math.ceil(context.ttl / 1000)} s.`),
    });
  }
  // The payment page's forms post url-encoded; their content does not matter (the action is in the path).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get('/health', async () => ({ ok: true, provider: deps.payments.name }));
  // Browsers ask for it on the payment page; answer "nothing" rather than a logged 404.
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());

  app.post(CHECKOUT_ROUTE, {
    // Authenticate before the body is read: an anonymous 10,000-line body costs us nothing.
    onRequest: async (request) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) throw new HttpError(401, 'unauthenticated', 'Faça login para finalizar a compra.');
      request.user = await deps.verifier.verify(token);
    },
    handler: async (request) => {
      const user = request.user as VerifiedUser;
      const body = parseCheckoutBody(request.body);
      const lineItems = priceLines(body, await priceBook.products());
      const created = await deps.payments.createCheckoutSession({
        lineItems,
        currency: 'brl',
        customer: { uid: user.uid, email: user.email },
        successUrl: `${confirmation}?success=true&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
        cancelUrl: `${confirmation}?canceled=true`,
        idempotencyKey: randomUUID(),
      });
      const createdAt = now();
      const session: StoredSession = {
        id: created.id,
        provider: deps.payments.name,
        status: 'open',
        uid: user.uid,
        email: user.email ?? null,
        lineItems,
        amountTotal: amountTotal(lineItems),
        currency: 'brl',
        successUrl: `${confirmation}?success=true&session_id=${encodeURIComponent(created.id)}`,
        cancelUrl: `${confirmation}?canceled=true`,
        createdAt,
        expiresAt: createdAt + sessionTtlMs,
        finishedAt: null,
      };
      await deps.store.saveSession(session);
      request.log.info({ sessionId: created.id, uid: user.uid, lines: lineItems.length, amountTotal: session.amountTotal }, 'checkout session created');
      return { url: created.url };
    },
  });

  if (deps.payments.name === 'simulated') registerPayPage(app, { store: deps.store, storefrontBase, confirmation, now });
  if (deps.stripeWebhook) registerStripeWebhook(app, { ...deps.stripeWebhook, store: deps.store, now });

  return app;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: VerifiedUser | null;
  }
}

function describeError(error: FastifyError): { status: number; code: string; message: string } {
  if (error instanceof HttpError) return { status: error.statusCode, code: error.code, message: error.message };
  if (error instanceof InvalidTokenError) return { status: 401, code: 'unauthenticated', message: 'Sessão inválida ou expirada. Faça login novamente.' };
  if (error instanceof PaymentProviderError) return { status: 502, code: 'payment_provider_error', message: 'O provedor de pagamento falhou. Tente novamente.' };
  if (error instanceof CatalogUnavailableError || error instanceof StoreUnavailableError || error instanceof MalformedDocumentError) {
    return { status: 503, code: 'unavailable', message: 'Serviço temporariamente indisponível. Tente novamente.' };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: 'Pedido grande demais.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', message: 'Envie o corpo como application/json.' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'invalid_body', message: 'O corpo não é um JSON válido.' };
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return { status: 400, code: 'invalid_body', message: 'O corpo não é um JSON válido.' };
  }
  const status = error.statusCode;
  if (status && status >= 400 && status < 500) return { status, code: 'bad_request', message: 'Requisição inválida.' };
  return { status: 500, code: 'internal', message: 'Erro interno.' };
}

function registerPayPage(
  app: FastifyInstance,
  { store, storefrontBase, confirmation, now }: { store: CheckoutStore; storefrontBase: string; confirmation: string; now: () => number },
) {
  const declinedUrl = `${confirmation}?success=false`;
  const page = (status: number, title: string, message: string) => ({ status, html: renderMessagePage(title, message, storefrontBase) });
  const unknown = page(404, 'Pagamento não encontrado', 'Não encontramos esta sessão de pagamento. Volte para a loja e finalize a compra novamente.');
  const finishedPage = (session: StoredSession) =>
    session.status === 'paid'
      ? page(410, 'Pagamento já realizado', 'Este pagamento já foi concluído. Obrigado pela compra!')
      : session.status === 'open'
        ? page(410, 'Sessão expirada', 'Esta sessão de pagamento expirou. Volte para a loja e finalize a compra novamente.')
        : page(410, 'Sessão encerrada', 'Esta sessão de pagamento já foi encerrada. Volte para a loja para tentar novamente.');
  const destination = (session: StoredSession, outcome: SessionOutcome) =>
    outcome === 'paid' ? session.successUrl : outcome === 'canceled' ? session.cancelUrl : declinedUrl;

  const findSimulated = async (id: string) => {
    if (!SIMULATED_ID.test(id)) return null;
    const session = await store.getSession(id);
    return session?.provider === 'simulated' ? session : null;
  };

  // The page is HTML for a person: a store outage gets a page too, not the API's JSON error.
  const unavailable = page(503, 'Serviço indisponível', 'Não conseguimos abrir o pagamento agora. Tente novamente em instantes.');
  const actions: Record<string, SessionOutcome> = { pay: 'paid', cancel: 'canceled', decline: 'declined' };

  void app.register(async (pages) => {
    pages.setErrorHandler((error, request, reply) => {
      request.log.error({ err: error }, 'payment page failed');
      void reply.status(unavailable.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(unavailable.html);
    });

    pages.get<{ Params: { sessionId: string } }>('/pay/:sessionId', async (request, reply) => {
      void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const session = await findSimulated(request.params.sessionId);
      if (!session) return reply.status(unknown.status).send(unknown.html);
      if (session.status !== 'open' || now() >= session.expiresAt) {
        const { status, html } = finishedPage(session);
        return reply.status(status).send(html);
      }
      return reply.send(renderPayPage(session));
    });

    pages.post<{ Params: { sessionId: string; action: string } }>('/pay/:sessionId/:action', async (request, reply) => {
      void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      const outcome = actions[request.params.action];
      const session = outcome ? await findSimulated(request.params.sessionId) : null;
      if (!outcome || !session) return reply.status(unknown.status).send(unknown.html);
      const result = await store.settle(session.id, outcome, now());
      if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
      if (result.kind === 'settled') {
        request.log.info({ sessionId: session.id, outcome, order: result.order?.id ?? null }, 'simulated session settled');
        return reply.redirect(destination(result.session, outcome), 303);
      }
      // Already finished: the same button again (double click, back + resubmit) lands where the first did.
      if (result.session.status === outcome) return reply.redirect(destination(result.session, outcome), 303);
      const { status, html } = finishedPage(result.session);
      return reply.status(status === 410 ? 409 : status).send(html);
    });
  });
}

function registerStripeWebhook(
  app: FastifyInstance,
  { stripe, secret, store, now }: { stripe: Stripe; secret: string; store: CheckoutStore; now: () => number },
) {
  void app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: keep the raw body in this scope only.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    // Stripe sends from a few IPs in bursts and retries on failure: the per-IP limit is for shoppers.
    scope.post('/webhooks/stripe', { config: { rateLimit: false } }, async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('missing signature or body');
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch (error) {
        request.log.warn({ detail: (error as Error).message }, 'stripe webhook rejected');
        throw new HttpError(400, 'invalid_signature', 'Assinatura do webhook inválida.');
      }
      if (
        (event.type === 'checkout.session.completed' && event.data.object.payment_status === 'paid') ||
        event.type === 'checkout.session.async_payment_succeeded'
      ) {
        const object = event.data.object;
        const result = await store.settle(object.id, 'paid', now(), { evenIfExpired: true });
        if (result.kind === 'missing') {
          // A session we did not save (store down at creation): keep what Stripe tells us.
          await store.recordOrder({
            id: object.id,
            provider: 'stripe',
            uid: object.client_reference_id ?? object.metadata?.uid ?? '',
            email: object.customer_details?.email ?? object.customer_email ?? null,
            lineItems: [],
            amountTotal: object.amount_total ?? 0,
            currency: 'brl',
            paidAt: now(),
          });
          request.log.warn({ sessionId: object.id }, 'stripe order recorded without a stored session');
        } else {
          request.log.info({ sessionId: object.id, result: result.kind }, 'stripe session paid');
        }
      } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
        await store.settle(event.data.object.id, event.type === 'checkout.session.expired' ? 'canceled' : 'declined', now(), {
          evenIfExpired: true,
        });
      }
      return { received: true };
    });
  });
}
