import Stripe from 'stripe';
import { HANDLING_BUSINESS_DAYS, type DeliveryQuote, type DeliveryServiceId } from '../../src/domain/delivery';
import { amountDue } from '../store/sessionStorePort';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CreatedSession,
  type PaymentProvider,
  type RefundRecord,
  WrongProviderError,
} from './paymentsPort';

export interface StripeClientOptions {
  secretKey: string;
  /** Tests point the SDK at a local capture server: `{ host: '127.0.0.1', port, protocol: 'http' }`. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export function createStripeClient({ secretKey, host, port, protocol }: StripeClientOptions): Stripe {
  return new Stripe(secretKey, {
    ...(host ? { host } : {}),
    ...(port ? { port } : {}),
    ...(protocol ? { protocol } : {}),
    maxNetworkRetries: 1,
    timeout: 15_000,
    telemetry: false,
  });
}

export interface AsyncMethodOptions {
  /** How long a Pix QR code can be paid (Stripe: 10 s to 14 days). */
  pixExpiresAfterSeconds: number;
  /** Calendar days until a boleto's due date (Stripe: 0 to 60). */
  boletoExpiresAfterDays: number;
}
export const DEFAULT_ASYNC_METHOD_OPTIONS: AsyncMethodOptions = {
  pixExpiresAfterSeconds: 3600,
  boletoExpiresAfterDays: 3,
};

/**
 * Stripe refuses an `expires_at` less than 30 minutes after it receives the request (and more than 24 hours): a
 * session asked to end sooner is given a minute more than that least, and the session records Stripe's expiry.
 */
export const STRIPE_MIN_EXPIRY_MS = 30 * 60_000;
const STRIPE_EXPIRY_SLACK_MS = 60_000;

/** Stripe Checkout offers at most 5 shipping options. */
const MAX_SHIPPING_OPTIONS = 5;

/**
 * Our quote as Checkout's shipping options, the chosen service first (Checkout preselects the first). Hosted
 * Checkout cannot re-quote when the shopper types another address: these rates are fixed for the session, and
 * the webhook flags an address in another state (docs/backend.md, "Frete em revisão"). The metadata lets the
 * webhook know which of our services the shopper kept and its window, whatever the rate's Stripe id.
 */
export function shippingOptionsFor(
  quote: DeliveryQuote,
  chosen: DeliveryServiceId,
): Stripe.Checkout.SessionCreateParams.ShippingOption[] {
  const ordered = [...quote.options].sort((a, b) => Number(b.service === chosen) - Number(a.service === chosen));
  return ordered.slice(0, MAX_SHIPPING_OPTIONS).map((option) => ({
    shipping_rate_data: {
      type: 'fixed_amount',
      fixed_amount: { amount: option.amount, currency: 'brl' },
      display_name: option.name,
      // Counted from the order, as our window is: picking and packing, then the carrier's transit time.
      delivery_estimate: {
        minimum: { unit: 'business_day', value: HANDLING_BUSINESS_DAYS + option.businessDays.min },
        maximum: { unit: 'business_day', value: HANDLING_BUSINESS_DAYS + option.businessDays.max },
      },
      metadata: {
        service: option.service,
        cep: quote.cep,
        business_days_min: String(option.businessDays.min),
        business_days_max: String(option.businessDays.max),
        window_from: option.window.from,
        window_to: option.window.to,
      },
    },
  }));
}

/**
 * Stripe Checkout: the SDK creates a hosted session; the shopper pays on checkout.stripe.com by card, Pix or boleto.
 * Pix and boleto settle later: the webhook (server/routes/stripeWebhook.ts) follows them.
 */
export function createStripeProvider({
  stripe,
  now = Date.now,
  ...options
}: { stripe: Stripe; now?: () => number } & Partial<AsyncMethodOptions>): PaymentProvider {
  const { pixExpiresAfterSeconds, boletoExpiresAfterDays } = { ...DEFAULT_ASYNC_METHOD_OPTIONS, ...options };
  return {
    name: 'stripe',
    async createCheckoutSession(request: CheckoutRequest): Promise<CreatedSession> {
      let session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            // stripe 23 (API 2026-09-30.endive) removed `payment_method_types` from session creation; this is its successor.
            allowed_payment_method_types: ['card', 'pix', 'boleto'],
            payment_method_options: {
              pix: { expires_after_seconds: pixExpiresAfterSeconds },
              boleto: { expires_after_days: boletoExpiresAfterDays },
            },
            line_items: request.lineItems.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency: request.currency,
                unit_amount: line.unitAmount,
                product_data: { name: line.name, metadata: { productId: line.productId } },
              },
            })),
            ...(request.delivery
              ? {
                  shipping_address_collection: { allowed_countries: ['BR'] },
                  shipping_options: shippingOptionsFor(request.delivery.quote, request.delivery.service),
                }
              : {}),
            ...(request.customer.email ? { customer_email: request.customer.email } : {}),
            client_reference_id: request.customer.uid,
            metadata: { uid: request.customer.uid },
            expires_at: Math.ceil(
              Math.max(request.expiresAt, now() + STRIPE_MIN_EXPIRY_MS + STRIPE_EXPIRY_SLACK_MS) / 1000,
            ),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        throw providerError(error);
      }
      if (!session.url) throw new PaymentProviderError(`session ${session.id} has no url`);
      // Stripe's own expiry: a minute later than ours when ours was under its least.
      return {
        id: session.id,
        url: session.url,
        ...(session.expires_at ? { expiresAt: session.expires_at * 1000 } : {}),
      };
    },
    /** Stripe expires only open sessions: for any other, its status says whether it was paid or had ended. */
    async expireCheckoutSession(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch (error) {
        if ((error as { type?: string }).type !== 'StripeInvalidRequestError') throw providerError(error);
      }
      let session;
      try {
        session = await stripe.checkout.sessions.retrieve(id);
      } catch (error) {
        throw providerError(error);
      }
      if (session.status === 'expired') return 'expired';
      if (session.status === 'complete') return 'completed';
      throw new PaymentProviderError(`session ${id} could not be expired (status ${session.status ?? 'unknown'})`);
    },
    /**
     * A refund of the order's PaymentIntent for everything it charged. The key `refund-<order id>` makes a retry
     * (the refund made, its record lost) answer the same refund instead of a second one.
     */
    async refund(order): Promise<RefundRecord> {
      if (order.provider !== 'stripe') throw new WrongProviderError(order, 'stripe');
      if (!order.paymentIntentId) throw new MissingPaymentIntentError(order.id);
      let refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: order.paymentIntentId, amount: amountDue(order) },
          { idempotencyKey: `refund-${order.id}` },
        );
      } catch (error) {
        throw providerError(error);
      }
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new PaymentProviderError(`refund ${refund.id} of order ${order.id} is ${refund.status}`);
      return { provider: 'stripe', id: refund.id, amount: refund.amount, at: refund.created * 1000 };
    },
  };
}

/** An order recorded before its PaymentIntent was kept: Stripe cannot be told what to refund. */
export class MissingPaymentIntentError extends PaymentProviderError {
  readonly orderId: string;
  constructor(orderId: string) {
    super(`order ${orderId} has no PaymentIntent id (paid before it was kept): refund it in the Stripe Dashboard`);
    this.orderId = orderId;
  }
}

function providerError(error: unknown): PaymentProviderError {
  const stripeError = error as { type?: string; code?: string; message?: string };
  return new PaymentProviderError(`${stripeError.type ?? 'error'}: ${stripeError.message ?? String(error)}`, {
    cause: error,
    ...(stripeError.code ? { providerCode: stripeError.code } : {}),
  });
}
