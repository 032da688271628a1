import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import {
  DELIVERY_REVIEW_LABEL,
  DELIVERY_SERVICE_NAMES,
  formatCep,
  isDeliveryService,
  isUf,
  parseCep,
  ufOfCep,
  type DeliveryAddress,
  type OrderDelivery,
  type Uf,
} from '../../src/domain/delivery';
import type { LineItem } from '../payments/paymentsPort';
import { HttpError, JSON_ERROR_RESPONSES } from '../plugins/httpErrors';
import type { CheckoutStore, PaymentMethod, PendingDetails, SessionOutcome } from '../store/sessionStorePort';

export interface StripeWebhookRoutesOptions {
  stripe: Stripe;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
  store: CheckoutStore;
  now: () => number;
}

export const STRIPE_WEBHOOK_ROUTE = '/webhooks/stripe';
/** The exact bytes Stripe signed (this scope's parser keeps them raw): the signature check is their validation. */
export const WebhookBody = Type.Uint8Array({ description: 'the raw JSON bytes of a Stripe event' });
export const WebhookAnswer = Type.Object({ received: Type.Literal(true) });

const METHODS: ReadonlySet<string> = new Set<PaymentMethod>(['card', 'pix', 'boleto']);

/**
 * What the shopper chose, and the Pix / boleto instructions, read from the session's PaymentIntent (a Checkout
 * Session itself only lists the allowed types), with the PaymentIntent's id (the order keeps it for its refund).
 * A Stripe failure throws: the webhook answers 5xx and Stripe retries.
 */
async function paymentOf(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<{ method: PaymentMethod | null; details: PendingDetails; intentId: string | null }> {
  const intentRef = session.payment_intent;
  if (!intentRef) return { method: null, details: {}, intentId: null };
  const intent =
    typeof intentRef === 'string'
      ? await stripe.paymentIntents.retrieve(intentRef, { expand: ['payment_method'] })
      : intentRef;
  const paymentMethod = intent.payment_method;
  const type =
    typeof paymentMethod === 'object' && paymentMethod
      ? paymentMethod.type
      : intent.payment_method_types?.length === 1
        ? intent.payment_method_types[0]
        : undefined;
  const method = type && METHODS.has(type) ? (type as PaymentMethod) : null;
  const pix = intent.next_action?.pix_display_qr_code;
  const boleto = intent.next_action?.boleto_display_details;
  return {
    method,
    intentId: typeof intentRef === 'string' ? intentRef : intentRef.id,
    details: {
      pix: pix?.data && pix.expires_at ? { copyPaste: pix.data, expiresAt: pix.expires_at * 1000 } : null,
      boleto: boleto?.number && boleto.expires_at ? { line: boleto.number, dueAt: boleto.expires_at * 1000 } : null,
    },
  };
}

/**
 * Stripe's address (line1/line2/city/state/postal_code) as ours. Brazilian addresses usually come as
 * "Rua Augusta, 100" in line1 and the complement in line2; Checkout has no neighbourhood field, so it stays empty.
 */
export function addressFromStripe(
  details: Stripe.Checkout.Session.CollectedInformation.ShippingDetails,
  quotedUf: Uf,
): DeliveryAddress {
  const { address } = details;
  const line1 = (address.line1 ?? '').trim();
  const streetAndNumber = /^(.*\S)\s*,\s*(\d[\w-]*|s\/?n)\b\s*(.*)$/i.exec(line1);
  const cep = parseCep(address.postal_code ?? '');
  const state = (address.state ?? '').trim().toUpperCase();
  const uf = isUf(state) ? state : cep.ok ? cep.uf : null;
  const complement = [streetAndNumber?.[3], address.line2]
    .map((part) => (part ?? '').replace(/^[\s,;-]+/, '').trim())
    .filter(Boolean)
    .join(', ');
  return {
    recipient: details.name.trim(),
    cep: cep.ok ? cep.cep : (address.postal_code ?? '').replace(/\D/g, ''),
    street: streetAndNumber ? (streetAndNumber[1] as string) : line1,
    number: streetAndNumber ? (streetAndNumber[2] as string) : 'S/N',
    complement,
    neighborhood: '',
    city: (address.city ?? '').trim(),
    // An address without a recognisable state keeps the quote's (the review below says so).
    uf: uf ?? quotedUf,
  };
}

/** Why an order's frete needs a person: the address is in another state than the quote, or its CEP is unknown. */
export function reviewReason(address: DeliveryAddress, quoted: { cep: string; uf: string }): string | null {
  const addressUf = ufOfCep(address.cep);
  if (!addressUf)
    return `${DELIVERY_REVIEW_LABEL}: o CEP do endereço (${address.cep || 'vazio'}) não está nas faixas dos Correios; o frete foi cotado para ${quoted.uf}.`;
  if (addressUf !== quoted.uf) {
    return `${DELIVERY_REVIEW_LABEL}: o endereço é em ${addressUf} (CEP ${formatCep(address.cep)}), mas o frete foi cotado para ${quoted.uf} (CEP ${formatCep(quoted.cep)}).`;
  }
  return null;
}

/**
 * The delivery as Stripe's page ended it: the shipping rate the shopper kept (our service, from its metadata),
 * what it cost, and the collected address. Null when the session collected none (created without a delivery).
 * A Stripe failure throws: the webhook answers 5xx and Stripe retries.
 */
async function deliveryOf(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
  stored: OrderDelivery | null,
): Promise<OrderDelivery | null> {
  const details = session.collected_information?.shipping_details ?? null;
  const cost = session.shipping_cost;
  const rateRef = cost?.shipping_rate ?? null;
  const rate = typeof rateRef === 'string' ? await stripe.shippingRates.retrieve(rateRef) : rateRef;
  const meta = rate?.metadata ?? {};
  const service = isDeliveryService(meta.service) ? meta.service : stored?.service;
  const cep = stored?.cep ?? meta.cep ?? '';
  const quotedUf = stored?.uf ?? ufOfCep(cep);
  if (!service || !quotedUf || (!details && !cost)) return stored;
  const kept = stored?.service === service;
  const base: OrderDelivery = {
    cep,
    uf: quotedUf,
    service,
    serviceName: DELIVERY_SERVICE_NAMES[service],
    amount: cost ? cost.amount_total : (stored?.amount ?? 0),
    businessDays:
      meta.business_days_min && meta.business_days_max
        ? { min: Number(meta.business_days_min), max: Number(meta.business_days_max) }
        : kept && stored
          ? stored.businessDays
          : { min: 0, max: 0 },
    window:
      meta.window_from && meta.window_to
        ? { from: meta.window_from, to: meta.window_to }
        : kept && stored
          ? stored.window
          : { from: '', to: '' },
    address: null,
    review: null,
  };
  if (!details) return base;
  const address = addressFromStripe(details, quotedUf);
  return { ...base, address, review: reviewReason(address, base) };
}

/** A session we never stored: its real lines, read back from Stripe (every page). */
async function stripeLineItems(stripe: Stripe, sessionId: string): Promise<LineItem[]> {
  const lines: LineItem[] = [];
  for await (const item of stripe.checkout.sessions.listLineItems(sessionId, {
    limit: 100,
    expand: ['data.price.product'],
  })) {
    const product = item.price?.product;
    const productId =
      typeof product === 'object' && product && !product.deleted
        ? (product.metadata.productId ?? product.id)
        : typeof product === 'string'
          ? product
          : 'desconhecido';
    const unitAmount = item.price?.unit_amount ?? Math.round(item.amount_total / Math.max(item.quantity ?? 1, 1));
    lines.push({ productId, name: item.description ?? productId, unitAmount, quantity: item.quantity ?? 1 });
  }
  return lines;
}

/**
 * POST /webhooks/stripe: Stripe's word on a session. Every transition is idempotent and one-way (docs/backend.md,
 * "Webhook events"): a replayed or late event finds the session already past it and changes nothing. Encapsulated
 * (no fastify-plugin): the signature covers the exact bytes Stripe sent, so this scope alone parses JSON as a raw
 * Buffer. A store or Stripe failure answers 5xx (errors plugin) so Stripe delivers the event again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncTypebox<StripeWebhookRoutesOptions> = async (
  app,
  { stripe, secret, store, now },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  /**
   * Keeps the collected address and the chosen rate on the session before it settles, so its order copies them.
   * Only an open session takes it (one already pending got it with its completed event); a replay sets the same.
   */
  const keepDelivery = async (
    object: Stripe.Checkout.Session,
    log: FastifyBaseLogger,
  ): Promise<OrderDelivery | null> => {
    const stored = await store.getSession(object.id);
    const delivery = await deliveryOf(stripe, object, stored?.delivery ?? null);
    if (!stored || !delivery || delivery === stored.delivery) return delivery;
    const result = await store.setDelivery(object.id, delivery, now(), { evenIfExpired: true });
    // Ids and amounts only: the address is personal data.
    log.info(
      {
        sessionId: object.id,
        result: result.kind,
        service: delivery.service,
        frete: delivery.amount,
        review: delivery.review !== null,
      },
      'stripe delivery kept',
    );
    return delivery;
  };

  const pay = async (object: Stripe.Checkout.Session, log: FastifyBaseLogger) => {
    const { method, intentId } = await paymentOf(stripe, object);
    const delivery = await keepDelivery(object, log);
    const result = await store.settle(object.id, 'paid', now(), {
      evenIfExpired: true,
      ...(method ? { paymentMethod: method } : {}),
      ...(intentId ? { paymentIntentId: intentId } : {}),
    });
    if (result.kind !== 'missing')
      return log.info({ sessionId: object.id, result: result.kind }, 'stripe session paid');
    // A session we did not save (store down at creation): the order still gets its real lines from Stripe.
    await store.recordOrder({
      id: object.id,
      provider: 'stripe',
      uid: object.client_reference_id ?? object.metadata?.uid ?? '',
      email: object.customer_details?.email ?? object.customer_email ?? null,
      lineItems: await stripeLineItems(stripe, object.id),
      // The products alone, as for a stored session: Stripe's total includes the frete.
      amountTotal: (object.amount_total ?? 0) - (object.shipping_cost?.amount_total ?? 0),
      currency: 'brl',
      delivery,
      paymentMethod: method,
      paidAt: now(),
      paymentIntentId: intentId,
    });
    log.warn({ sessionId: object.id }, 'stripe order recorded without a stored session');
  };
  const finish = async (object: Stripe.Checkout.Session, outcome: SessionOutcome, log: FastifyBaseLogger) => {
    const result = await store.settle(object.id, outcome, now(), { evenIfExpired: true });
    log.info({ sessionId: object.id, outcome, result: result.kind }, 'stripe session finished');
  };

  // Stripe sends from a few IPs in bursts and retries on failure: the per-IP limit is for shoppers.
  app.post(
    STRIPE_WEBHOOK_ROUTE,
    {
      config: { rateLimit: false },
      schema: { body: WebhookBody, response: { 200: WebhookAnswer, ...JSON_ERROR_RESPONSES } },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body))
          throw new Error('missing signature or body');
        // Also refuses a signature older than 5 minutes: a captured delivery cannot be replayed later.
        event = stripe.webhooks.constructEvent(request.body, signature, secret);
      } catch (error) {
        request.log.warn({ detail: error instanceof Error ? error.message : String(error) }, 'stripe webhook rejected');
        throw new HttpError(400, 'invalid_signature', 'Assinatura do webhook inválida.');
      }
      const log = request.log;
      switch (event.type) {
        case 'checkout.session.completed': {
          const object = event.data.object;
          if (object.payment_status === 'paid' || object.payment_status === 'no_payment_required') {
            await pay(object, log);
          } else {
            // Pix shown or boleto issued: pending until async_payment_succeeded / _failed.
            const { method, details } = await paymentOf(stripe, object);
            await keepDelivery(object, log);
            const result = await store.markPending(object.id, method ?? fallbackMethod(object), details, now(), {
              evenIfExpired: true,
            });
            log.info({ sessionId: object.id, method, result: result.kind }, 'stripe session pending');
          }
          break;
        }
        case 'checkout.session.async_payment_succeeded':
          await pay(event.data.object, log);
          break;
        case 'checkout.session.async_payment_failed':
          await finish(event.data.object, 'declined', log);
          break;
        case 'checkout.session.expired':
          await finish(event.data.object, 'expired', log);
          break;
        default:
          log.info({ type: event.type }, 'stripe event ignored');
      }
      return { received: true as const };
    },
  );
};

/** Only when the PaymentIntent does not say: an unpaid completed session is an async method; boleto if both allowed. */
function fallbackMethod(session: Stripe.Checkout.Session): PaymentMethod {
  const types = session.payment_method_types ?? [];
  return types.includes('pix') && !types.includes('boleto') ? 'pix' : 'boleto';
}
