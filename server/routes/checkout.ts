import { randomUUID } from 'node:crypto';
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE, toCentavos, type Product } from '../../src/domain';
import type { PriceBook } from '../adapters/cachedCatalog';
import { amountTotal, CHECKOUT_SESSION_ID_PLACEHOLDER, type LineItem, type PaymentProvider } from '../payments/port';
import { signedInUser } from '../plugins/auth';
import { HttpError } from '../plugins/errors';
import type { CheckoutStore, StoredSession } from '../store/port';

export const CHECKOUT_ROUTE = '/create-checkout-session';

/**
 * The request body, its type and its pt-BR messages in one place (the errors plugin reads `errorMessage`, `{item}`
 * is the line's number). The storefront sends whole cart items (id, name, imageUrl, price, quantity): only `id` and
 * `quantity` are read; any other field, price included, is accepted and ignored. The limits are the storefront's
 * (src/domain/catalog.ts: ProductId is 1–100 characters, MAX_QUANTITY_PER_LINE, MAX_CART_LINES);
 * test/server/checkoutSchema.test.ts checks both agree at the boundaries.
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
  },
  { errorMessage: 'O corpo deve ser { "products": [...] }.' },
);
export type CheckoutBody = Static<typeof CheckoutBody>;

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
    if (product) priced.push({ productId: product.id, name: product.name, unitAmount: toCentavos(product.price), quantity: line.quantity });
    else unknown.push(line.id);
  }
  if (unknown.length > 0) throw new HttpError(400, 'unknown_product', `Produto desconhecido: ${unknown.slice(0, 5).join(', ')}.`);
  return priced;
}

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

  app.post(CHECKOUT_ROUTE, {
    // Authenticate before the body is read: an anonymous 10,000-line body costs us nothing.
    onRequest: app.authenticate,
    schema: { body: CheckoutBody },
    handler: async (request) => {
      const user = signedInUser(request);
      assertNoRepeatedProduct(request.body);
      const lineItems = priceLines(request.body, await priceBook.products());
      const created = await payments.createCheckoutSession({
        lineItems,
        currency: 'brl',
        customer: { uid: user.uid, email: user.email },
        successUrl: `${confirmationUrl}?success=true&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
        cancelUrl,
        idempotencyKey: randomUUID(),
      });
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
        successUrl: `${confirmationUrl}?success=true&session_id=${encodeURIComponent(created.id)}`,
        cancelUrl,
        createdAt,
        expiresAt: createdAt + sessionTtlMs,
        finishedAt: null,
      };
      await store.saveSession(session);
      request.log.info({ sessionId: created.id, uid: user.uid, lines: lineItems.length, amountTotal: session.amountTotal }, 'checkout session created');
      return { url: created.url };
    },
  });
};
