import { assertEvent, assign, fromCallback, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { toCentavos, type CartItem, type Category } from '../domain';
import { formatCep, parseCep } from '../domain/cep';
// Types only: the quoting module (the holiday calendar, the rate card) is loaded by the first quote, not with the
// storefront's entry, which carries this machine.
import type { DeliveryQuote, ParcelLine } from '../domain/delivery';
import { isDeliveryService, type DeliveryServiceId } from '../domain/deliveryOptions';
import type { DeliveryCepPort } from '../adapters/deliveryCep/deliveryCepPort';

/** Shown when a quote could not be made; `delivery.retry` tries again. */
export const DELIVERY_FAILED_MESSAGE = 'Não foi possível calcular o frete agora. Tente novamente.';

/**
 * How long a quote may take. The quote itself is instant; the wait is the download of its code (a lazy chunk)
 * on the first quote of a visit, so a stalled network ends in the message and its retry, not a spinner.
 */
export const QUOTE_TIMEOUT_MS = 10_000;

/**
 * Frete and delivery dates by CEP (docs/requirements.md#delivery), for a parcel: the cart's (one app-wide actor whose lines follow the
 * cart) or one product's (the product page's own actor). The shopper types a CEP; a valid one is remembered
 * through DeliveryCepPort and quoted with the domain's rate card; the shopper picks a service in `quoted`.
 */
export interface DeliveryContext {
  /** What the shopper typed last (the stored CEP, written 01310-100, before anything is typed). */
  cepInput: string;
  /** The last valid CEP, 8 digits. */
  cep: string | null;
  /** The pt-BR message under the field in `invalid` and `failed`; null otherwise. */
  error: string | null;
  /** What is being shipped. */
  lines: ParcelLine[];
  /** The latest quote, for `cep` and `lines`: options show in `quoted`; while `quoting` it is the previous one. */
  quote: DeliveryQuote | null;
  /** The shopper's choice, kept across quotes. */
  service: DeliveryServiceId;
}

export type DeliveryEvent =
  | { type: 'delivery.cep.submit'; cep: string }
  | { type: 'delivery.service.select'; service: DeliveryServiceId }
  /** What is being shipped changed (the cart's lines, sent by `watchParcel`). */
  | { type: 'delivery.lines.changed'; lines: ParcelLine[] }
  | { type: 'delivery.retry' };

export interface DeliveryInput {
  lines?: ParcelLine[];
  /** The stored CEP to start from: with lines, the quote starts at once. */
  cep?: string | null;
}

export interface QuoteRequest {
  cep: string;
  lines: ParcelLine[];
}

/** A quote the domain refused (an empty parcel, a CEP it does not know): the machine shows its own message. */
export class DeliveryQuoteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryQuoteError';
  }
}

const validCep = (input: string): string | null => {
  const parsed = parseCep(input);
  return parsed.ok ? parsed.cep : null;
};

export const deliveryMachine = setup({
  types: {
    context: {} as DeliveryContext,
    events: {} as DeliveryEvent,
    input: {} as DeliveryInput | void,
  },
  actors: {
    quote: fromPromise<DeliveryQuote, QuoteRequest>(async () => {
      throw new Error('quote not provided');
    }),
    /** Sends `delivery.lines.changed` when the parcel changes; the cart's actor gets one from createServices. */
    watchParcel: fromCallback<DeliveryEvent, ParcelLine[]>(() => () => {}),
  },
  actions: {
    /** Provided from outside: DeliveryCepPort.save. */
    rememberCep: (_, _params: { cep: string }) => {},
    logError: (_, _params: { error: unknown; during: string }) => {},
    rememberCepInput: assign({
      cepInput: ({ event }) => {
        assertEvent(event, 'delivery.cep.submit');
        return event.cep;
      },
    }),
    adoptCep: assign({ cep: ({ context }) => validCep(context.cepInput) }),
    noteCepError: assign({
      error: ({ context }) => {
        const parsed = parseCep(context.cepInput);
        return parsed.ok ? null : parsed.error;
      },
    }),
    noteQuoteFailed: assign({ error: DELIVERY_FAILED_MESSAGE }),
    forgetError: assign({ error: null }),
    forgetQuote: assign({ quote: null }),
    adoptLines: assign({
      lines: ({ event }) => {
        assertEvent(event, 'delivery.lines.changed');
        return event.lines;
      },
    }),
    adoptQuote: assign({ quote: ({ event }) => (event as unknown as { output: DeliveryQuote }).output }),
    selectService: assign({
      service: ({ event }) => {
        assertEvent(event, 'delivery.service.select');
        return event.service;
      },
    }),
  },
  guards: {
    isCepInvalid: ({ context }) => validCep(context.cepInput) === null,
    hasCep: ({ context }) => context.cep !== null,
    hasLines: ({ context }) => context.lines.length > 0,
    canQuote: ({ context }) => context.cep !== null && context.lines.length > 0,
    isParcelEmpty: ({ event }) => {
      assertEvent(event, 'delivery.lines.changed');
      return event.lines.length === 0;
    },
    isKnownService: ({ event }) => {
      assertEvent(event, 'delivery.service.select');
      return isDeliveryService(event.service);
    },
  },
  delays: {
    quoteTimeout: QUOTE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'delivery',
  context: ({ input }) => {
    const cep = typeof input?.cep === 'string' ? validCep(input.cep) : null;
    return {
      cepInput: cep ? formatCep(cep) : '',
      cep,
      error: null,
      lines: input?.lines ?? [],
      quote: null,
      service: 'economica',
    };
  },
  invoke: { id: 'watchParcel', src: 'watchParcel', input: ({ context }) => context.lines },
  initial: 'idle',
  on: {
    'delivery.cep.submit': { target: '.validating', actions: 'rememberCepInput' },
    // Any state: a fresh quote for the new parcel, or no options at all once it is empty (`invalid` keeps its message).
    'delivery.lines.changed': [
      { guard: 'isParcelEmpty', target: '.idle', actions: 'adoptLines' },
      { guard: 'hasCep', target: '.quoting', actions: 'adoptLines' },
      { actions: 'adoptLines' },
    ],
    // A preference: chosen while a quote is on screen (a re-quote included), it applies to every later quote.
    'delivery.service.select': { guard: 'isKnownService', actions: 'selectService' },
  },
  states: {
    /** No CEP yet, or nothing to ship. A stored CEP with lines goes straight on to quoting. */
    idle: {
      entry: ['forgetQuote', 'forgetError'],
      always: { guard: 'canQuote', target: 'quoting' },
    },
    validating: {
      always: [
        { guard: 'isCepInvalid', target: 'invalid', actions: 'noteCepError' },
        {
          guard: 'hasLines',
          target: 'quoting',
          actions: [
            'adoptCep',
            { type: 'rememberCep', params: ({ context }) => ({ cep: validCep(context.cepInput)! }) },
          ],
        },
        {
          target: 'idle',
          actions: [
            'adoptCep',
            { type: 'rememberCep', params: ({ context }) => ({ cep: validCep(context.cepInput)! }) },
          ],
        },
      ],
    },
    /** The typed CEP is not one (context.error says why); the last valid CEP is kept for later. */
    invalid: {
      entry: 'forgetQuote',
      on: { 'delivery.lines.changed': { actions: 'adoptLines' } },
    },
    quoting: {
      tags: ['busy'],
      entry: 'forgetError',
      invoke: {
        id: 'quote',
        src: 'quote',
        input: ({ context }) => ({ cep: context.cep!, lines: context.lines }),
        onDone: { target: 'quoted', actions: 'adoptQuote' },
        onError: {
          target: 'failed',
          actions: [
            { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'quote' }) },
            'noteQuoteFailed',
          ],
        },
      },
      after: {
        quoteTimeout: {
          target: 'failed',
          actions: [
            { type: 'logError', params: { error: new Error(`no quote in ${QUOTE_TIMEOUT_MS} ms`), during: 'quote' } },
            'noteQuoteFailed',
          ],
        },
      },
    },
    quoted: {},
    failed: {
      entry: 'forgetQuote',
      on: { 'delivery.retry': 'quoting' },
    },
  },
});

export type DeliveryActorRef = ActorRefFrom<typeof deliveryMachine>;
export type DeliverySnapshot = SnapshotFrom<typeof deliveryMachine>;

/** What checkout sends with the session: the quoted CEP and the chosen service; null until a quote is shown. */
export function selectedDelivery(snapshot: DeliverySnapshot): { cep: string; service: DeliveryServiceId } | null {
  const { quote, service } = snapshot.context;
  return snapshot.matches('quoted') && quote ? { cep: quote.cep, service } : null;
}

/**
 * The cart as a parcel: each line's category is the one whose products hold its id in the catalog (null when
 * the catalog does not know it yet: the domain's default weight), its price in centavos.
 */
export function parcelLinesOf(items: readonly CartItem[], categories: readonly Category[]): ParcelLine[] {
  return items.map((item) => ({
    categoryId: categories.find((category) => category.products.some((product) => product.id === item.id))?.id ?? null,
    quantity: item.quantity,
    unitAmount: toCentavos(item.price),
  }));
}

export function sameParcel(a: readonly ParcelLine[], b: readonly ParcelLine[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (line, i) =>
        line.categoryId === b[i]!.categoryId &&
        line.quantity === b[i]!.quantity &&
        line.unitAmount === b[i]!.unitAmount,
    )
  );
}

export type DeliveryModule = typeof import('../domain/delivery');

/**
 * Production actors of deliveryMachine, with the action that keeps the CEP through the port, as `provide` takes
 * them: quotes from the domain at `now()`.
 * The quoting module is a lazy chunk (`loadDeliveryModule`), downloaded by the first quote; a failed download is
 * a failed quote, and `delivery.retry` downloads again.
 */
export function createDeliveryActors({
  storage,
  now = Date.now,
  log = console.error,
  loadDeliveryModule = () => import('../domain/delivery'),
}: {
  storage: DeliveryCepPort;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
  loadDeliveryModule?: () => Promise<DeliveryModule>;
}) {
  return {
    actors: {
      quote: fromPromise<DeliveryQuote, QuoteRequest>(async ({ input }) => {
        // The day counts from when the shopper asked, not from when the chunk arrived.
        const askedAt = now();
        const { quoteDelivery } = await loadDeliveryModule();
        const result = quoteDelivery({ cep: input.cep, lines: input.lines, now: askedAt });
        if (!result.ok) throw new DeliveryQuoteError(result.error);
        return result.quote;
      }),
    },
    actions: {
      rememberCep: (_: unknown, params: { cep: string }) => storage.save(params.cep),
      logError: (_: unknown, params: { error: unknown; during: string }) =>
        log(`[delivery] ${params.during} failed`, params.error),
    },
  };
}

/** The little of an actor that the parcel watcher reads: its current context and its changes. */
interface Watchable<Context> {
  getSnapshot(): { context: Context };
  subscribe(listener: () => void): { unsubscribe(): void };
}

/**
 * The cart delivery's `watchParcel`: follows the cart (its lines) and the catalog (which category each line is
 * in, so its weight) and sends `delivery.lines.changed` only when the parcel actually changed, so a cart panel
 * opening or a catalog refresh with the same products does not quote again.
 */
export function watchCartParcel({
  cart,
  catalog,
}: {
  cart: Watchable<{ items: CartItem[] }>;
  catalog: Watchable<{ categories: Category[] }>;
}) {
  return fromCallback<DeliveryEvent, ParcelLine[]>(({ sendBack, input }) => {
    let last = input;
    const check = () => {
      const next = parcelLinesOf(cart.getSnapshot().context.items, catalog.getSnapshot().context.categories);
      if (sameParcel(last, next)) return;
      last = next;
      sendBack({ type: 'delivery.lines.changed', lines: next });
    };
    check();
    const subscriptions = [cart.subscribe(check), catalog.subscribe(check)];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  });
}
