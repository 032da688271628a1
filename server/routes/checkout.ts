import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_CART_LINES, MAX_QUANTITY_PER_LINE, toCentavos, type Product } from '../../src/domain';
import { CEP_MESSAGES, DELIVERY_MESSAGES, orderDeliveryFrom, type DeliveryServiceId } from '../../src/domain/delivery';
import { STOCK_MESSAGES } from '../../src/domain/stock';
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
import type {
  CheckoutStore,
  IdempotencyClaim,
  NewSession,
  OpenSessionResult,
  StockShortage,
} from '../store/sessionStorePort';

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

/** The 409 of a checkout asking for more units than are left (docs/requirements.md#stock). */
export const INSUFFICIENT_STOCK = 'insufficient_stock';
/** What the shopper reads when the store does not answer within the checkout's store deadline. */
export const STORE_TOO_SLOW_MESSAGE = 'Não foi possível reservar os produtos agora. Tente novamente em instantes.';
/**
 * The storefront gives up on a checkout after 8 s (docs/requirements.md#deadlines); the store's part of it ends
 * well before, so the shopper reads our message rather than the storefront's.
 */
export const DEFAULT_STORE_DEADLINE_MS = 5_000;

/** Every line short of units, in one pt-BR sentence each (STOCK_MESSAGES.notEnough). */
export function shortageMessage(shortages: readonly StockShortage[]): string {
  return shortages.map(({ name, left }) => STOCK_MESSAGES.notEnough(name, left)).join(' ');
}

class StoreDeadlineError extends Error {
  constructor(what: string) {
    super(`the checkout store did not answer in time (${what})`);
    this.name = 'StoreDeadlineError';
  }
}

/** The shopper's answer when the store missed its deadline: nothing more may wait on the store before it is sent. */
class StoreTooSlowError extends HttpError {
  constructor() {
    super(503, 'unavailable', STORE_TOO_SLOW_MESSAGE);
  }
}
const storeTooSlow = (error: unknown) => error instanceof StoreDeadlineError || error instanceof StoreTooSlowError;

/** `work`, or a StoreDeadlineError once `deadline` (epoch ms, Date.now's clock) has passed. */
function beforeDeadline<T>(work: Promise<T>, deadline: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreDeadlineError(what)), Math.max(deadline - Date.now(), 0));
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export interface CheckoutRoutesOptions {
  payments: PaymentProvider;
  store: CheckoutStore;
  priceBook: PriceBook;
  /** `<storefront>/payment-confirmation`: where the provider sends the shopper back. */
  confirmationUrl: string;
  sessionTtlMs: number;
  /** How long the store may take over one checkout (the claim, the reservation) before the shopper gets a 503. */
  storeDeadlineMs?: number;
  now: () => number;
}

/** POST /create-checkout-session: a signed-in shopper's cart → a payment session priced here → `{ url }`. */
export const checkoutRoutes: FastifyPluginAsyncTypebox<CheckoutRoutesOptions> = async (
  app,
  { payments, store, priceBook, confirmationUrl, sessionTtlMs, storeDeadlineMs = DEFAULT_STORE_DEADLINE_MS, now },
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

  /** Ends a provider session nobody will pay (refused, or its checkout given up): best effort, logged. */
  const expireAtProvider = async (sessionId: string, log: FastifyBaseLogger) => {
    try {
      await payments.expireCheckoutSession(sessionId);
    } catch (error) {
      log.error({ err: error, sessionId }, 'provider session not expired');
    }
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
      const log = request.log;
      const storeDeadline = Date.now() + storeDeadlineMs;
      assertNoRepeatedProduct(request.body);
      const clientKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const lineItems = priceLines(request.body, await priceBook.products());
      const quoted = request.body.delivery ? await quoteRequested(request.body.delivery, lineItems) : null;
      const delivery = quoted && orderDeliveryFrom(quoted.quote, quoted.service);
      const create = (idempotencyKey: string, expiresAt: number) =>
        payments.createCheckoutSession({
          lineItems,
          delivery: quoted,
          currency: 'brl',
          customer: { uid: user.uid, email: user.email },
          successUrl: `${confirmationUrl}?success=true&session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
          cancelUrl,
          idempotencyKey,
          expiresAt,
        });
      if (clientKey === null) return openCheckout(randomUUID(), null);

      // Claim the attempt before calling the provider: of concurrent repeats exactly one creates the session, the
      // others wait for its url.
      const scoped = scopedIdempotencyKey(user.uid, clientKey);
      const fingerprint = cartFingerprint(lineItems, delivery && { cep: delivery.cep, service: delivery.service });
      const deadline = Date.now() + WAIT_FOR_FIRST_MS;
      for (let wait = 5; ; wait = Math.min(wait * 2, 200)) {
        const claiming = store.claimIdempotencyKey(scoped, {
          uid: user.uid,
          key: clientKey,
          fingerprint,
          createdAt: now(),
        });
        let claim: IdempotencyClaim;
        try {
          claim = await beforeDeadline(claiming, storeDeadline, 'claim');
        } catch (error) {
          // A claim the store takes after we answered belongs to nobody: free it for the shopper's retry.
          if (storeTooSlow(error))
            claiming.then(
              async (late) => {
                if (late.kind === 'claimed') await releaseKey();
              },
              () => undefined,
            );
          throw error instanceof StoreDeadlineError ? new StoreTooSlowError() : error;
        }
        if (claim.kind === 'conflict') throw KEY_REUSED;
        if (claim.kind === 'existing' && claim.url) {
          log.info({ sessionId: claim.sessionId, uid: user.uid }, 'checkout attempt repeated');
          return { url: claim.url };
        }
        if (claim.kind === 'claimed') {
          try {
            // A key of its own per claim: after a refusal (stock) the same attempt may be claimed again, and the
            // provider must then create a session, not answer the one it ended (Stripe keeps a key's answer 24 h).
            return await openCheckout(`${scoped}_${randomUUID().slice(0, 8)}`, clientKey);
          } catch (error) {
            // Nothing is held for this attempt (or its store work ends by itself): the shopper may retry the key.
            if (storeTooSlow(error)) void releaseKey();
            else await releaseKey();
            throw error;
          }
        }
        if (Date.now() > deadline)
          throw new HttpError(
            409,
            'idempotency_key_in_use',
            'Este pagamento ainda está sendo criado. Aguarde um instante e tente de novo.',
          );
        await sleep(wait);
      }

      async function releaseKey() {
        await store
          .releaseIdempotencyKey(scoped)
          .catch((releaseError: unknown) => log.error({ err: releaseError }, 'idempotency key not released'));
      }

      /**
       * The provider's session, then its units reserved and the checkout stored in one transaction (openSession).
       * Too few units: the provider's session is ended and the 409 names what is left. The store too slow: the
       * shopper gets a 503 now, and whatever the store does later is undone (the units given back).
       */
      async function openCheckout(providerKey: string, key: string | null) {
        const createdAt = now();
        const created = await create(providerKey, createdAt + sessionTtlMs);
        const session: NewSession = {
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
          expiresAt: created.expiresAt ?? createdAt + sessionTtlMs,
          finishedAt: null,
          paymentMethod: null,
          pix: null,
          boleto: null,
          idempotencyKey: key,
        };
        const opening = store.openSession(session);
        const completing = opening.then(async (result) => {
          if (result.kind === 'opened' && key !== null)
            await store.completeIdempotencyKey(scopedIdempotencyKey(user.uid, key), created.id, created.url);
          return result;
        });
        let result: OpenSessionResult;
        try {
          result = await beforeDeadline(completing, storeDeadline, 'reservation');
        } catch (error) {
          log.error({ err: error, sessionId: created.id }, 'checkout session not opened');
          void undoOpening(created.id, opening);
          throw error instanceof StoreDeadlineError ? new StoreTooSlowError() : error;
        }
        if (result.kind === 'short') {
          await expireAtProvider(created.id, log);
          log.info({ sessionId: created.id, uid: user.uid, shortages: result.shortages }, 'checkout short of stock');
          throw new HttpError(409, INSUFFICIENT_STOCK, shortageMessage(result.shortages));
        }
        log.info(
          {
            sessionId: created.id,
            uid: user.uid,
            lines: lineItems.length,
            amountTotal: session.amountTotal,
            frete: delivery?.amount ?? null,
            service: delivery?.service ?? null,
            reserved: result.session.reserved?.length ?? 0,
          },
          'checkout session created',
        );
        return { url: created.url };
      }

      /** A checkout the shopper was told failed: once the store answers, its units go back and its page ends. */
      async function undoOpening(sessionId: string, opening: Promise<OpenSessionResult>) {
        try {
          const late = await opening.catch(() => null);
          if (late?.kind === 'opened') {
            const settled = await store.settle(sessionId, 'expired', now());
            log.warn({ sessionId, result: settled.kind }, 'checkout opened after its deadline: expired');
          }
        } catch (error) {
          // The sweep expires it with the others past their expiry (server/expirySweep.ts).
          log.error({ err: error, sessionId }, 'late checkout not expired');
        }
        await expireAtProvider(sessionId, log);
      }
    },
  });
};
