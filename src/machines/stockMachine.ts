import { assign, enqueueActions, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  withLowStock,
  withStockAnswer,
  type LowStockAnswer,
  type StockAnswer,
  type StockByProduct,
} from '../domain/stock';
import type { ProductCatalogPort } from '../adapters/catalog/catalogPort';
import { CATALOG_TIMEOUT_MS } from './catalogMachine';

/**
 * What the storefront knows of the live stock (docs/requirements.md#stock): the units of the products whose
 * stock was read, for the badges and the disabled "Adicionar ao carrinho". Pages send what they show; the reads
 * go one at a time, in order, and a failed or late one leaves what is known (logged).
 */
export interface StockContext {
  stock: StockByProduct;
  /** The ids each category's last low-stock read answered (one no longer answered has more units now). */
  lowIn: Record<string, string[]>;
  /** Reads asked for and not done yet; the first is on its way while `reading`. */
  pending: StockRequest[];
}

/** `products`: these products' own documents (a product page, the cart). `categories`: their low stock (cards). */
export type StockRequest = { kind: 'products' | 'categories'; ids: string[] };

export type StockReadResult =
  { kind: 'products'; answer: StockAnswer } | { kind: 'categories'; answer: LowStockAnswer };

export type StockEvent =
  /** A product page (its own document) or the cart (its lines' documents). */
  | { type: 'stock.products.show'; ids: string[] }
  /** Cards of these categories are on screen (a category page, /explore, search results). */
  | { type: 'stock.categories.show'; ids: string[] };

/** What a page rendered on request was rendered with: the stock the server read (src/bootData.ts). */
export interface StockInput {
  stock?: StockByProduct;
}

const sameRequest = (a: StockRequest, b: StockRequest) =>
  a.kind === b.kind && a.ids.length === b.ids.length && a.ids.every((id, index) => b.ids[index] === id);

export const stockMachine = setup({
  types: {
    context: {} as StockContext,
    events: {} as StockEvent,
    input: {} as StockInput | void,
  },
  actors: {
    readStock: fromPromise<StockReadResult, StockRequest>(async ({ input }) =>
      input.kind === 'products' ? { kind: 'products', answer: {} } : { kind: 'categories', answer: {} },
    ),
  },
  actions: {
    logError: (_, _params: { error: unknown; during: string }) => {},
    /** Provided from outside: the cart hears every product's units read (its cap). */
    shareWithCart: (_, _params: { answer: StockAnswer }) => {},
    ask: assign({
      pending: ({ context, event }) => {
        const request: StockRequest = {
          kind: event.type === 'stock.products.show' ? 'products' : 'categories',
          ids: [...new Set(event.ids)],
        };
        return request.ids.length === 0 || context.pending.some((queued) => sameRequest(queued, request))
          ? context.pending
          : [...context.pending, request];
      },
    }),
    dropFirst: assign({ pending: ({ context }) => context.pending.slice(1) }),
  },
  guards: {
    hasPending: ({ context }) => context.pending.length > 0,
  },
  delays: { stockTimeout: CATALOG_TIMEOUT_MS },
})
  .extend({
    actions: {
      learn: enqueueActions(({ context, event, enqueue }) => {
        const result = (event as unknown as { output: StockReadResult }).output;
        if (result.kind === 'products') {
          enqueue.assign({ stock: withStockAnswer(context.stock, result.answer) });
          // `as never`: enqueueActions cannot see the sibling actions' params while setup() is being typed.
          enqueue({ type: 'shareWithCart', params: { answer: result.answer } } as never);
        } else {
          const { stock, lowIn } = withLowStock(context.stock, context.lowIn, result.answer);
          enqueue.assign({ stock, lowIn });
        }
      }),
    },
  })
  .createMachine({
    id: 'stock',
    context: ({ input }) => ({ stock: input?.stock ?? {}, lowIn: {}, pending: [] }),
    initial: 'idle',
    on: { 'stock.products.show': { actions: 'ask' }, 'stock.categories.show': { actions: 'ask' } },
    states: {
      idle: { always: { guard: 'hasPending', target: 'reading' } },
      reading: {
        after: {
          stockTimeout: {
            target: 'next',
            actions: {
              type: 'logError',
              params: () => ({ error: new Error(`no answer in ${CATALOG_TIMEOUT_MS} ms`), during: 'readStock' }),
            },
          },
        },
        invoke: {
          id: 'readStock',
          src: 'readStock',
          input: ({ context }) => context.pending[0]!,
          onDone: { target: 'next', actions: 'learn' },
          onError: {
            target: 'next',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'readStock' }) },
          },
        },
      },
      /** The first request is answered (or given up on): the next one, if any, is read. */
      next: { entry: 'dropFirst', always: 'idle' },
    },
  });

export type StockActorRef = ActorRefFrom<typeof stockMachine>;
export type StockSnapshot = SnapshotFrom<typeof stockMachine>;

/** The reads the stock machine makes; a port without them (the prerender's, a test's) knows no stock. */
export type StockReadingPort = Partial<Pick<ProductCatalogPort, 'getStock' | 'listLowStock'>>;

/** Production actors of the stock machine over the catalog port. */
export function createStockActors({ catalog }: { catalog: StockReadingPort }) {
  return {
    readStock: fromPromise<StockReadResult, StockRequest>(async ({ input }) =>
      input.kind === 'products'
        ? { kind: 'products', answer: catalog.getStock ? await catalog.getStock(input.ids) : {} }
        : { kind: 'categories', answer: catalog.listLowStock ? await catalog.listLowStock(input.ids) : {} },
    ),
  };
}
