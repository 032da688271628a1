import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Product } from '../domain';
import {
  addressFor,
  browseProducts,
  DEFAULT_VIEW,
  normaliseSearch,
  parseAddress,
  priceBands,
  sameView,
  type BrowseOrder,
  type BrowseView,
  type PriceBand,
  type PriceRange,
} from '../domain/browse';

/**
 * Sorting and price filters on /category/:id and /search (docs/requirements.md#browse). The address is the state: the page
 * forwards every address it lands on (arrival, Back/Forward, a shared link) as `browse.address.changed`, and
 * the machine writes each choice back through `showAddress` (a new history entry) or corrects an address it
 * could not read with `correctAddress` (replacing the entry). The page renders `visible`, `bands` and `view`.
 *
 * The router hands back every address the machine writes, later and in order, among the shopper's own moves. Those
 * echoes are not news: one that a newer choice has overtaken would take the view back a step. So the machine keeps
 * the addresses it wrote and has not yet seen come back (`echoes`); any other address (Back, Forward, a link) is
 * the shopper's, forgets them, and drops a write still pending (`dropPendingAddress`), which would land after it.
 */
export interface BrowseContext {
  /** The list in its own order: the category's or the search's ranking. */
  products: Product[];
  view: BrowseView;
  /**
   * The query string the view was last read from (as it should read) or written to, without `?`: other
   * parameters live on in it, and the router echoing it back is recognised.
   */
  address: string;
  /** What the shopper sees, in order. */
  visible: Product[];
  /** Price bands of `products` (not of `visible`: choosing a band keeps the others on offer). */
  bands: PriceBand[];
  /** Addresses written (or about to be) that the router has not handed back yet, oldest first. */
  echoes: string[];
}

export interface BrowseInput {
  products: readonly Product[];
  /** The query string at start (an unreadable one is corrected on the first `browse.address.changed`). */
  address?: string;
}

export type BrowseEvent =
  | { type: 'browse.address.changed'; address: string }
  | { type: 'browse.products.changed'; products: readonly Product[] }
  | { type: 'browse.order.choose'; order: BrowseOrder }
  | { type: 'browse.price.choose'; range: PriceRange | null }
  | { type: 'browse.clear' };

const viewChosen = (context: BrowseContext, event: BrowseEvent): BrowseView => {
  switch (event.type) {
    case 'browse.order.choose':
      return { ...context.view, order: event.order };
    case 'browse.price.choose':
      return { ...context.view, price: event.range };
    case 'browse.clear':
      return DEFAULT_VIEW;
    default:
      return context.view;
  }
};

const present = (products: Product[], view: BrowseView) => ({ visible: browseProducts(products, view) });

// Runs after adoptChoice: the address it computed, remembered as an echo to come.
const writeChoice = [
  {
    type: 'showAddress',
    params: ({ context }: { context: BrowseContext }) => ({ address: context.address }),
  },
  'expectEcho',
] as const;

/** The position of an address among the echoes still to come (-1: the shopper's own move). */
const echoIndex = (context: BrowseContext, event: BrowseEvent) =>
  event.type === 'browse.address.changed' ? context.echoes.indexOf(normaliseSearch(event.address)) : -1;

// Any address that is not an echo: the echoes are forgotten and a pending write dropped.
const shoppersMove = ['forgetEchoes', 'dropPendingAddress'] as const;

export const browseMachine = setup({
  types: {
    context: {} as BrowseContext,
    events: {} as BrowseEvent,
    input: {} as BrowseInput,
  },
  actions: {
    /** A new history entry for a choice (Back returns to the previous view). */
    showAddress: (_, _params: { address: string }) => {},
    /** The address said something unreadable: the same entry, rewritten. */
    correctAddress: (_, _params: { address: string }) => {},
    /** Provided from outside: a choice's entry not written yet is not written (the shopper moved elsewhere). */
    dropPendingAddress: () => {},
    /** The address just written (`context.address`) will come back from the router. */
    expectEcho: assign({ echoes: ({ context }) => [...context.echoes, context.address] }),
    /** An echo came back: it and any older one (the router may report only the newest of several) are done. */
    takeEcho: assign({ echoes: ({ context, event }) => context.echoes.slice(echoIndex(context, event) + 1) }),
    forgetEchoes: assign({ echoes: [] }),
    adoptAddress: assign(({ context, event }) => {
      if (event.type !== 'browse.address.changed') return {};
      const { view, canonical } = parseAddress(event.address);
      return { view, address: canonical, ...present(context.products, view) };
    }),
    adoptChoice: assign(({ context, event }) => {
      const view = viewChosen(context, event);
      return { view, address: addressFor(context.address, view), ...present(context.products, view) };
    }),
    adoptProducts: assign(({ context, event }) => {
      if (event.type !== 'browse.products.changed') return {};
      const products = [...event.products];
      return { products, bands: priceBands(products), ...present(products, context.view) };
    }),
  },
  guards: {
    isEcho: ({ context, event }) => echoIndex(context, event) >= 0,
    isUnreadableAddress: ({ event }) =>
      event.type === 'browse.address.changed' &&
      parseAddress(event.address).canonical !== normaliseSearch(event.address),
    isNewAddress: ({ context, event }) =>
      event.type === 'browse.address.changed' && normaliseSearch(event.address) !== context.address,
    changesView: ({ context, event }) => !sameView(viewChosen(context, event), context.view),
    hasPriceFilter: ({ context }) => context.view.price !== null,
    isNothingInRange: ({ context }) => context.view.price !== null && context.visible.length === 0,
  },
}).createMachine({
  id: 'browse',
  context: ({ input }) => {
    const products = [...input.products];
    // The address as given: if it is unreadable, the page's first `browse.address.changed` corrects it.
    const { view } = parseAddress(input.address ?? '');
    return {
      products,
      view,
      address: normaliseSearch(input.address ?? ''),
      visible: browseProducts(products, view),
      bands: priceBands(products),
      echoes: [],
    };
  },
  initial: 'deciding',
  on: {
    'browse.address.changed': [
      // An address this machine wrote comes back from the router: nothing to do (no second render).
      { guard: 'isEcho', actions: 'takeEcho' },
      {
        guard: 'isUnreadableAddress',
        target: '.deciding',
        actions: [
          ...shoppersMove,
          'adoptAddress',
          { type: 'correctAddress', params: ({ event }) => ({ address: parseAddress(event.address).canonical }) },
          'expectEcho',
        ],
      },
      { guard: 'isNewAddress', target: '.deciding', actions: [...shoppersMove, 'adoptAddress'] },
      // The shopper landed on the view on screen (Back onto it): nothing to show, but pending writes are stale.
      { actions: [...shoppersMove] },
    ],
    'browse.products.changed': { target: '.deciding', actions: 'adoptProducts' },
    // A choice that changes nothing (Limpar filtros on the default view) writes no history entry.
    'browse.order.choose': { guard: 'changesView', target: '.deciding', actions: ['adoptChoice', ...writeChoice] },
    'browse.price.choose': { guard: 'changesView', target: '.deciding', actions: ['adoptChoice', ...writeChoice] },
    'browse.clear': { guard: 'changesView', target: '.deciding', actions: ['adoptChoice', ...writeChoice] },
  },
  states: {
    /** Picks the state that says what the view shows. */
    deciding: {
      always: [
        { guard: 'isNothingInRange', target: 'nothingInRange' },
        { guard: 'hasPriceFilter', target: 'narrowed' },
        { target: 'everything' },
      ],
    },
    /** Every product of the list, in the chosen order. */
    everything: {},
    /** Only the products inside the chosen price range. */
    narrowed: {},
    /** The range holds no product: "Nenhum produto nessa faixa de preço." and a way back. */
    nothingInRange: { tags: ['empty'] },
  },
});

export type BrowseActorRef = ActorRefFrom<typeof browseMachine>;
export type BrowseSnapshot = SnapshotFrom<typeof browseMachine>;
