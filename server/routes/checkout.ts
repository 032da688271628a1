import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE, toCentavos, type Product } from '../../src/domain';
import { CEP_MESSAGES, DELIVERY_MESSAGES, orderDeliveryFrom, type DeliveryServiceId } from '../../src/domain/delivery';
import type { PriceBook } from '../adapters/cachedCatalog';
import { quoteForLines } from '../deliveryQuote';
import {
  amountTotal,
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  type LineItem,
  type PaymentProvider,
} from '../payments/paymentsPort';
import { signedInUser } from '../plugins/auth';
import { HttpError, JSON_ERROR_RESPONSES } from '../plugins/httpErrors';
import type { CheckoutStore, StoredSession } from '../store/sessionStorePort';

export const CHECKOUT_ROUTE = '/create-checkout-session';
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/**
 * The request body, its type and its pt-BR messages in one place (the errors plugin reads `errorMessage`, `{item}`
 * is the line's number). The storefront sends whole cart items (id, name, imageUrl, price, quantity): only `id` and
 * `quantity` are read; any other field, price included, is accepted and ignored. The limits are the storefront's
 * (src/domain/catalog.ts: ProductId is 1–100 characters, MAX_QUANTITY_PER_LINE, MAX_CART_LINES);
 * test/server/checkoutSchema.test.ts checks both agree at the boundaries. `delivery` is optional (the plain call of
 * docs/requirements.md#calls has none): only the CEP and the service are read, the frete is always quoted here.
 */
export const CheckoutLine = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100, errorMessage: 'Produto inválido no item {item}.' }),
    quantity: Type.Integer({
      minimum: 1,
      maximum: MAX_QUANTITY_PER_LINE,
      errorMessage: `Quantidade inválida no item {item}: use um inteiro de 1 a ${MAX_QUANTITY_PER_LINE}.`,
    }),
  },
  { errorMessage: 'Item {item} inválido.' },
);
export const CheckoutBody = Type.Object(
  {
    products: Type.Array(CheckoutLine, {
      minItems: 1,
      maxItems: MAX_CART_LINES,
      errorMessage: `O pedido deve ter de 1 a ${MAX_CART_LINES} produtos.`,
    }),
    delivery: Type.Optional(
      Type.Object(
        {
          cep: Type.String({ maxLength: 20, errorMessage: CEP_MESSAGES.invalid }),
          service: Type.Union([Type.Literal('economica'), Type.Literal('expressa')], {
            errorMessage: DELIVERY_MESSAGES.unknownService,
          }),
        },
        { errorMessage: 'A entrega deve ser { "cep": "01310-100", "service": "economica" ou "expressa" }.' },
      ),
    ),
  },
  { errorMessage: 'O corpo deve ser { "products": [...] }.' },
);
export type CheckoutBody = Static<typeof CheckoutBody>;
/** The hosted payment page the storefront sends the shopper to. */
export const CheckoutAnswer = Type.Object({ url: Type.String() });
/** The optional `Idempotency-Key` (idempotencyKeyOf checks its shape, with its own code). */
export const CheckoutHeaders = Type.Object({ [IDEMPOTENCY_HEADER]: Type.Optional(Type.String()) });

/** One line per product: a schema cannot say "ids are unique" (uniqueItems compares whole lines). */
export function assertNoRepeatedProduct(body: CheckoutBody): void {
  const seen = new Set<string>();
  for (const line of body.products) {
    if (seen.has(line.id)) throw new HttpError(400, 'invalid_body', `Produto repetido no pedido: ${line.id}.`);
    seen.add(line.id);
  }
}

/** Prices every line from the server's catalog, in centavos. Unknown ids answer 400 and nothing is created. */
export function priceLines(body: CheckoutBody, products: ReadonlyMap<string, Product>): LineItem[] {
  const priced: LineItem[] = [];
  const unknown: string[] = [];
  for (const line of body.products) {
    const product = products.get(line.id);
    if (product)
      priced.push({
        productId: product.id,
        name: product.name,
        unitAmount: toCentavos(product.price),
        quantity: line.quantity,
      });
    else unknown.push(line.id);
  }
  if (unknown.length > 0)
    throw new HttpError(400, 'unknown_product', `Produto desconhecido: ${unknown.slice(0, 5).join(', ')}.`);
  return priced;
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,200}$/;

/** The optional `Idempotency-Key` header: absent → null (the plain call stays valid); malformed → 400. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw new HttpError(
      400,
      'invalid_idempotency_key',
      'Chave de idempotência inválida: use de 8 a 200 letras, números, "-" ou "_".',
    );
  }
  return header;
}

/**
 * One shopper's attempt: the key scoped by uid, hashed (a Firestore document id and a Stripe idempotency key: no
 * separator ambiguity, no "/" from a custom uid, and two shoppers sending the same key never share a session).
 */
export function scopedIdempotencyKey(uid: string, key: string): string {
  return `checkout_${createHash('sha256').update(`${uid}\u0000${key}`).digest('hex').slice(0, 40)}`;
}

/**
 * The priced cart and the delivery asked for, order-insensitive: the same attempt retried matches; another cart,
 * price, CEP or service does not.
 */
export function cartFingerprint(
  lineItems: readonly LineItem[],
  delivery: { cep: string; service: DeliveryServiceId } | null = null,
): string {
  const canonical = [...lineItems]
    .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0))
    .map((line) => [line.productId, line.quantity, line.unitAmount]);
  // Without a delivery the fingerprint is the cart's alone, as attempts stored before delivery existed have it.
  return createHash('sha256')
    .update(JSON.stringify(delivery ? [canonical, [delivery.cep, delivery.service]] : canonical))
    .digest('hex');
}

const KEY_REUSED = new HttpError(
  409,
  'idempotency_key_reused',
  'Esta tentativa de pagamento já foi usada com outro carrinho. Atualize a página e tente de novo.',
);
/** How long a repeated key waits for the first request to finish creating the session. */
const WAIT_FOR_FIRST_MS = 20_000;

export interface CheckoutRoutesOptions {
  payments: PaymentProvider;
  store: CheckoutStore;
  priceBook: PriceBook;
  /** `<storefront>/payment-confirmation`: where the provider sends the shopper back. */
  confirmationUrl: string;
  sessionTtlMs: number;
  now: () => number;
}

/** POST /create-checkout-session: a signed-in shopper's cart → a payment session priced here → `{ url }`. */
export const checkoutRoutes: FastifyPluginAsyncTypebox<CheckoutRoutesOptions> = async (
  app,
  { payments, store, priceBook, confirmationUrl, sessionTtlMs, now },
) => {
  const cancelUrl = `${confirmationUrl}?canceled=true`;

  /** Quoted again from our catalog: the client sends a CEP and a service, never an amount. A bad CEP is a 400. */
  const quoteRequested = async (
    { cep, service }: { cep: string; service: DeliveryServiceId },
    lineItems: readonly LineItem[],
  ) => {
    const result = quoteForLines(cep, lineItems, await priceBook.categories(), now());
    if (!result.ok) throw new HttpError(400, 'invalid_delivery', result.error);
    return { quote: result.quote, service };
  };

  app.post(CHECKOUT_ROUTE, {
    // Authenticate before the body is read: an anonymous 10,000-line body costs us nothing.
    onRequest: app.authenticate,
    schema: {
      headers: CheckoutHeaders,
      body: CheckoutBody,
      response: { 200: CheckoutAnswer, ...JSON_ERROR_RESPONSES },
    },
    handler: async (request) => {
      const user = signedInUser(request);
      assertNoRepeatedProduct(request.body);
      const clientKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const lineItems = priceLines(request.body, await priceBook.products());
      const quoted = request.body.delivery ? await quoteRequested(request.body.delivery, lineItems) : null;
      const delivery = quoted && orderDeliveryFrom(quoted.quote, quoted.service);
      const create = (idempotencyKey: string) =>
        payments.createCheckoutSession({
          lineItems,
          delivery: quoted,
          currency: 'brl',
          customer: { uid: user.uid, email: user.email },
          successUrl: `${confirmationUrl}?success=true&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
          cancelUrl,
          idempotencyKey,
        });
      if (clientKey === null) return createAndSave(await create(randomUUID()), null);

      // Claim the attempt before calling the provider: of concurrent repeats exactly one creates the session, the
      // others wait for its url. The same scoped key goes to the provider (Stripe dedupes a retried create too).
      const scoped = scopedIdempotencyKey(user.uid, clientKey);
      const fingerprint = cartFingerprint(lineItems, delivery && { cep: delivery.cep, service: delivery.service });
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
        const claim = await store.claimIdempotencyKey(scoped, {
          uid: user.uid,
          key: clientKey,
          fingerprint,
          createdAt: now(),
        });
        if (claim.kind === 'conflict') throw KEY_REUSED;
        if (claim.kind === 'existing' && claim.url) {
          request.log.info({ sessionId: claim.sessionId, uid: user.uid }, 'checkout attempt repeated');
          return { url: claim.url };
        }
        if (claim.kind === 'claimed') {
          let answer: { url: string };
          try {
            answer = await createAndSave(await create(scoped), clientKey);
          } catch (error) {
            // Nothing was created (or saved): the shopper may retry with the same key.
            await store
              .releaseIdempotencyKey(scoped)
              .catch((releaseError: unknown) =>
                request.log.error({ err: releaseError }, 'idempotency key not released'),
              );
            throw error;
          }
          return answer;
        }
        if (Date.now() > deadline)
          throw new HttpError(
            409,
            'idempotency_key_in_use',
            'Este pagamento ainda está sendo criado. Aguarde um instante e tente de novo.',
          );
        await sleep(wait);
      }

      async function createAndSave(created: { id: string; url: string }, key: string | null) {
        const createdAt = now();
        const session: StoredSession = {
          id: created.id,
          provider: payments.name,
          status: 'open',
          uid: user.uid,
          email: user.email ?? null,
          lineItems,
          amountTotal: amountTotal(lineItems),
          currency: 'brl',
          delivery,
          successUrl: `${confirmationUrl}?success=true&session_id=${encodeURIComponent(created.id)}`,
          cancelUrl,
          createdAt,
          expiresAt: createdAt + sessionTtlMs,
          finishedAt: null,
          paymentMethod: null,
          pix: null,
          boleto: null,
          idempotencyKey: key,
        };
        await store.saveSession(session);
        if (key !== null)
          await store.completeIdempotencyKey(scopedIdempotencyKey(user.uid, key), created.id, created.url);
        request.log.info(
          {
            sessionId: created.id,
            uid: user.uid,
            lines: lineItems.length,
            amountTotal: session.amountTotal,
            frete: delivery?.amount ?? null,
            service: delivery?.service ?? null,
          },
          'checkout session created',
        );
        return { url: created.url };
      }
    },
  });
};
