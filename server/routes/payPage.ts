import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { PriceBook } from '../adapters/cachedCatalog';
import { PIX_SCRIPT_HASH } from '../payments/payPageMarkup';
import { securityHeadersFor } from '../plugins/securityHeaders';
import type { CheckoutStore } from '../store/sessionStorePort';
import type { PayPageContext } from './payPageFlow';
import {
  payPageDeliveryRoutes,
  payPagePendingRoutes,
  payPageSettlingRoutes,
  payPageViewRoutes,
} from './payPageHandlers';
import { errorPage, messagePages, type MessagePages } from './payPageMessages';
import { FORM_BODY_LIMIT } from './payPageSchemas';

export interface PayPageRoutesOptions {
  store: CheckoutStore;
  /** The catalog's categories: the Entrega step quotes the session's lines again from them. */
  priceBook: PriceBook;
  /** The storefront's base URL: every message page links back to it. */
  storefrontUrl: string;
  /** `<storefront>/payment-confirmation`: a declined card lands here with `success=false`. */
  confirmationUrl: string;
  now: () => number;
  /** How long a Pix code can be paid (PIX_EXPIRES_AFTER_SECONDS). */
  pixExpiresAfterSeconds?: number;
  /** Days until a boleto is due (BOLETO_EXPIRES_AFTER_DAYS). */
  boletoExpiresAfterDays?: number;
}

/** Where the simulated provider's page lives (Hosting rewrites `/pay/**` to the backend). */
export const PAY_PAGE_PREFIX = '/pay';

/** The forms post url-encoded: the Entrega fields and the boleto's `cpf`. */
function parseForms(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );
}

/** A refused request or a fault is a page too, never the API's JSON; an unknown action finds no route. */
function answerErrorsWithPages(app: FastifyInstance, pages: MessagePages) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { status, html } = errorPage(pages, error);
    if (status >= 500) request.log.error({ err: error }, 'payment page failed');
    else request.log.info({ code: error.code, status }, 'payment form refused');
    return reply.status(status).send(html);
  });
  // An action this page does not have (`/pay/<id>/refund`, `/pay/<id>/constructor`) finds no route.
  app.setNotFoundHandler((_request, reply) => {
    void reply
      .status(pages.unknown.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(pages.unknown.html);
  });
}

/**
 * The simulated provider's hosted page, registered under the prefix /pay: GET /pay/:sessionId and one POST route
 * per form. First the Entrega step (GET and POST /pay/:sessionId/entrega: the address and the service, quoted
 * again here), then card (pay, cancel, decline), Pix (pix → pending, pix-paid) and boleto (boleto with a CPF →
 * pending, boleto-paid). Every charge is amountDue. Same transitions as the Stripe webhook, through the same store.
 * Encapsulated (no fastify-plugin): its answers are HTML for a person, so its error and not-found handlers (an
 * unknown action is "Pagamento não encontrado") and its url-encoded form parser stay inside this scope while the
 * API keeps its JSON errors. The route groups are in server/routes/payPageHandlers.ts.
 */
export const payPageRoutes: FastifyPluginAsyncTypebox<PayPageRoutesOptions> = async (app, options) => {
  const pages = messagePages(options.storefrontUrl);
  // The pending Pix page runs one static script: its CSP adds that script's hash, nothing else.
  const storefrontOrigin = new URL(options.storefrontUrl).origin;
  const baseCsp = securityHeadersFor({ storefrontOrigin })['content-security-policy'];
  const context: PayPageContext = {
    store: options.store,
    priceBook: options.priceBook,
    now: options.now,
    confirmationUrl: options.confirmationUrl,
    pixExpiresAfterSeconds: options.pixExpiresAfterSeconds ?? 3600,
    boletoExpiresAfterDays: options.boletoExpiresAfterDays ?? 3,
    pages,
    scriptCsp: `${baseCsp};script-src ${PIX_SCRIPT_HASH}`,
  };
  parseForms(app);
  answerErrorsWithPages(app, pages);
  await app.register(payPageViewRoutes, { context });
  await app.register(payPageDeliveryRoutes, { context });
  await app.register(payPagePendingRoutes, { context });
  await app.register(payPageSettlingRoutes, { context });
};
