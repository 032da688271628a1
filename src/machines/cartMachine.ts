import {
  assertEvent,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { decreaseQuantity, removeProduct, type CartItem, type Product } from '../domain';
import { addWithinStock, capToStock, increaseWithinStock } from '../domain/cartStock';
import { withStockAnswer, type StockAnswer, type StockByProduct } from '../domain/stock';
import type { CartStoragePort, CartSaveResult } from '../adapters/cartStorage/cartStoragePort';

/** Shown once while the browser refuses to save the cart (full or denied storage); cleared by a save that works. */
export const CART_UNSAVED_MESSAGE =
  'Não conseguimos salvar seu carrinho neste navegador; ele ficará salvo enquanto esta aba estiver aberta.';

export interface CartContext {
  items: CartItem[];
  /** Changes sent while the saved cart is being restored, applied in order once it is. */
  queued: CartChange[];
  /** The payment of this visit was confirmed and its cart cleared (docs/requirements.md#cart): a repeat clears nothing more. */
  paymentConfirmed: boolean;
  /**
   * The units left of the lines' products, as last read (docs/requirements.md#stock): a line is capped at them, and
   * one at 0 is sold out (kept, marked, left out of the order). A product not in it caps nothing.
   */
  stock: StockByProduct;
}

/** The events that change the cart's lines. */
export type CartChange =
  | { type: 'cart.add'; product: Product }
  | { type: 'cart.increase'; productId: string }
  | { type: 'cart.decrease'; productId: string }
  | { type: 'cart.remove'; productId: string }
  /** Another tab changed the cart: adopt this tab's cart with that change merged in (the port merged and saved it). */
  | { type: 'cart.synced'; items: CartItem[] }
  /** The payment provider confirmed the purchase: the cart is cleared once, after the restore. */
  | { type: 'cart.paymentConfirmed' }
  /** Read the stock of the lines' products (the checkout page on arrival; opening the panel does it too). */
  | { type: 'cart.stock.check' }
  /** Units read for some products (null: not tracked): lines above them come down to them. */
  | { type: 'cart.stock.known'; units: StockAnswer };

export type CartEvent =
  | CartChange
  | { type: 'cart.panel.open' }
  | { type: 'cart.panel.close' }
  /** The last save reached the browser's storage, or did not (full, or denied by a privacy setting). */
  | { type: 'cart.saved' }
  | { type: 'cart.saveFailed' };

// The cart changes the same way in every state; `persist` runs after each change.
const changes = {
  'cart.add': { actions: ['addItem', 'persist'] },
  'cart.increase': { actions: ['increaseItem', 'persist'] },
  'cart.decrease': { actions: ['decreaseItem', 'persist'] },
  'cart.remove': { actions: ['removeItem', 'persist'] },
  'cart.synced': { actions: 'adoptItems' },
  'cart.paymentConfirmed': {
    guard: 'paymentNotYetConfirmed',
    actions: ['clearItems', 'persist', 'rememberPaymentConfirmed'],
  },
  'cart.stock.check': { actions: 'checkStock' },
  'cart.stock.known': { actions: 'learnStock' },
} as const;

// While restoring, the same events wait in line: a click before the saved cart is back is applied to it.
const queuedChanges = Object.fromEntries(Object.keys(changes).map((type) => [type, { actions: 'queueChange' }])) as {
  [type in keyof typeof changes]: { actions: 'queueChange' };
};

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
  },
  actors: {
    loadCart: fromPromise<CartItem[], void>(async () => []),
    /** Sends `cart.synced` when another tab changes the saved cart. */
    watchSavedCart: fromCallback<CartEvent>(() => () => {}),
  },
  actions: {
    addItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'cart.add');
        return addWithinStock(context.items, event.product, context.stock);
      },
    }),
    increaseItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'cart.increase');
        return increaseWithinStock(context.items, event.productId, context.stock);
      },
    }),
    decreaseItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'cart.decrease');
        return decreaseQuantity(context.items, event.productId);
      },
    }),
    removeItem: assign({
      items: ({ context, event }) => {
        assertEvent(event, 'cart.remove');
        return removeProduct(context.items, event.productId);
      },
    }),
    clearItems: assign({ items: [] }),
    rememberPaymentConfirmed: assign({ paymentConfirmed: true }),
    queueChange: assign({ queued: ({ context, event }) => [...context.queued, event as CartChange] }),
    adoptItems: assign({
      items: ({ event }) => {
        assertEvent(event, 'cart.synced');
        return event.items;
      },
    }),
    saveCart: (_, _params: { items: CartItem[] }) => {},
    /** Provided from outside: reads these products' stock, which comes back as `cart.stock.known`. */
    readStock: (_, _params: { productIds: string[] }) => {},
    clearSavedCart: () => {},
    logError: (_, _params: { error: unknown; during: string }) => {},
  },
  guards: {
    paymentNotYetConfirmed: ({ context }) => !context.paymentConfirmed,
  },
})
  .extend({
    actions: {
      /** Saved whenever non-empty; cleared in storage when emptied (docs/requirements.md#cart). */
      persist: enqueueActions(({ context, enqueue }) => {
        // `as never`: enqueueActions cannot see the sibling actions' params while setup() is being typed.
        if (context.items.length > 0) enqueue({ type: 'saveCart', params: { items: context.items } } as never);
        else enqueue('clearSavedCart' as never);
      }),
      /** Reads the stock of the lines' products (nothing to read for an empty cart). */
      checkStock: enqueueActions(({ context, enqueue }) => {
        if (context.items.length > 0)
          enqueue({ type: 'readStock', params: { productIds: context.items.map((item) => item.id) } } as never);
      }),
      /** Keeps the units read and brings the lines above them down to them (saved only if a line changed). */
      learnStock: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'cart.stock.known');
        const stock = withStockAnswer(context.stock, event.units);
        const items = capToStock(context.items, stock);
        const changed = items.some((item, index) => item.quantity !== context.items[index]!.quantity);
        enqueue.assign({ stock, items });
        if (changed) enqueue({ type: 'saveCart', params: { items } } as never);
      }),
      /** The changes queued while restoring, sent again in order: `ready` applies (and saves) each one. */
      applyQueued: enqueueActions(({ context, enqueue }) => {
        for (const change of context.queued) enqueue.raise(change);
        enqueue.assign({ queued: [] });
      }),
    },
  })
  .createMachine({
    id: 'cart',
    context: { items: [], queued: [], paymentConfirmed: false, stock: {} },
    type: 'parallel',
    invoke: { id: 'savedCart', src: 'watchSavedCart' },
    states: {
      storage: {
        initial: 'restoring',
        states: {
          restoring: {
            on: queuedChanges,
            invoke: {
              id: 'loadCart',
              src: 'loadCart',
              onDone: { target: 'ready', actions: [assign({ items: ({ event }) => event.output }), 'applyQueued'] },
              onError: {
                target: 'ready',
                actions: [
                  { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'loadCart' }) },
                  'applyQueued',
                ],
              },
            },
          },
          ready: { on: changes },
        },
      },
      panel: {
        initial: 'closed',
        states: {
          // Opening the panel reads the lines' stock, so what it shows is what can be ordered.
          closed: { on: { 'cart.panel.open': { target: 'open', actions: 'checkStock' } } },
          open: { on: { 'cart.panel.close': 'closed' } },
        },
      },
      // Whether the cart in memory is also in the browser's storage. While unsaved the items stay in this tab
      // and the shopper is told so; every change saves again, and the first save that works ends it.
      saving: {
        initial: 'saved',
        states: {
          saved: { on: { 'cart.saveFailed': 'unsaved' } },
          unsaved: { on: { 'cart.saved': 'saved' } },
        },
      },
    },
  });

export type CartActorRef = ActorRefFrom<typeof cartMachine>;
export type CartSnapshot = SnapshotFrom<typeof cartMachine>;

/**
 * Production actors of cartMachine over a CartStoragePort, with the actions that write to it (a save is fire and
 * forget: the port's answer comes back as cart.saved / cart.saveFailed), as `provide` takes them.
 */
export function createCartActors({
  storage,
  log = console.error,
  readStock = () => {},
}: {
  storage: CartStoragePort;
  log?: (message: string, error: unknown) => void;
  /** Asks for these products' stock; the answer comes back as `cart.stock.known` (the stock actor sends it). */
  readStock?: (productIds: string[]) => void;
}) {
  const report = (during: string) => (error: unknown) => log(`[cart] ${during} failed`, error);
  // The port answers whether the write reached storage; the machine hears it as an event.
  type Self = { send(event: CartEvent): void; getSnapshot(): { status: string } };
  const tell = (self: Self) => (result: CartSaveResult) => {
    if (self.getSnapshot().status === 'active')
      self.send({ type: result === 'saved' ? 'cart.saved' : 'cart.saveFailed' });
  };
  return {
    actors: {
      loadCart: fromPromise<CartItem[], void>(() => storage.load()),
      watchSavedCart: fromCallback<CartEvent>(({ sendBack }) =>
        storage.onExternalChange((items) => sendBack({ type: 'cart.synced', items })),
      ),
    },
    actions: {
      saveCart: ({ self }: { self: Self }, params: { items: CartItem[] }) => {
        storage.save(params.items).then(tell(self), report('save'));
      },
      clearSavedCart: ({ self }: { self: Self }) => {
        storage.clear().then(tell(self), report('clear'));
      },
      readStock: (_: unknown, params: { productIds: string[] }) => readStock(params.productIds),
      logError: (_: unknown, params: { error: unknown; during: string }) => report(params.during)(params.error),
    },
  };
}
