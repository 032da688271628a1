import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../plugins/errors';
import type { CheckoutStore } from '../store/port';

export interface StripeWebhookRoutesOptions {
  stripe: Stripe;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
  store: CheckoutStore;
  now: () => number;
}

export const STRIPE_WEBHOOK_ROUTE = '/webhooks/stripe';

/**
 * POST /webhooks/stripe: Stripe's word on a session settles it (paid, canceled, declined). Encapsulated (no
 * fastify-plugin): the signature covers the exact bytes Stripe sent, so this scope alone parses JSON as a raw
 * Buffer; the checkout route keeps the normal JSON parser.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookRoutesOptions> = async (app, { stripe, secret, store, now }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // Stripe sends from a few IPs in bursts and retries on failure: the per-IP limit is for shoppers.
  app.post(STRIPE_WEBHOOK_ROUTE, { config: { rateLimit: false } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('missing signature or body');
      event = stripe.webhooks.constructEvent(request.body, signature, secret);
    } catch (error) {
      request.log.warn({ detail: error instanceof Error ? error.message : String(error) }, 'stripe webhook rejected');
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
};
