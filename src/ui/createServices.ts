// Wires the machines to ports and starts them. main.tsx calls it with the real adapters; UI tests call it
// with the in-memory ones. It only sees ports, so the import direction ui → machines → ports holds.
import { createActor, type InspectionEvent } from 'xstate';
import type { AuthPort } from '../adapters/auth/authPort';
import type { CartStoragePort } from '../adapters/cartStorage/cartStoragePort';
import type { CheckoutPort } from '../adapters/checkout/checkoutPort';
import type { DeliveryCepPort } from '../adapters/deliveryCep/deliveryCepPort';
import type { NavigationPort } from '../adapters/navigation/navigationPort';
import type { OrdersPort } from '../adapters/orders/ordersPort';
import type { ReturnsPort } from '../adapters/returns/returnsPort';
import type { SearchPort } from '../adapters/search/searchPort';
import type { UsersPort } from '../adapters/users/usersPort';
import { createAuthActors } from '../machines/authActors';
import { authMachine } from '../machines/authMachine';
import { cartMachine, createCartActors } from '../machines/cartMachine';
import {
  catalogMachine,
  createCatalogActors,
  type CatalogSnapshotInput,
  type StorefrontCatalogPort,
} from '../machines/catalogMachine';
import { checkoutGuardMachine, createCheckoutGuardActors } from '../machines/checkoutGuardMachine';
import { checkoutMachine, createCheckoutActors } from '../machines/checkoutMachine';
import { createOrdersActors, ordersMachine } from '../machines/ordersMachine';
import { createStockActors, stockMachine, type StockReadingPort } from '../machines/stockMachine';
import type { StockByProduct } from '../domain/stock';
import type { FeatureHost, Services } from './services';

export interface Ports {
  auth: AuthPort;
  users: UsersPort;
  /** The two reads of docs/requirements.md#calls, and one product (a product page whose product no category preview holds). */
  catalog: StorefrontCatalogPort & StockReadingPort;
  checkout: CheckoutPort;
  orders: OrdersPort;
  /**
   * The shopper's return of a delivered order (Meus pedidos' "Solicitar devolução"); without it (the prerender,
   * where nobody is signed in) a request fails as unanswered.
   */
  returns?: ReturnsPort;
  cartStorage: CartStoragePort;
  /**
   * The shopper's last valid CEP (localStorage `deliveryCep`), or how to load it: main.tsx loads the
   * localStorage adapter (and the CEP table it validates with) beside the delivery chunk, not with the entry.
   */
  deliveryCep: DeliveryCepPort | (() => Promise<DeliveryCepPort>);
  /** The address bar the search keeps on /search?q= (the browser's history, which wouter follows). */
  navigation: NavigationPort;
  /** The backend's search of the whole catalog (asked only when the storefront holds part of it). */
  search?: SearchPort;
}

export interface Effects {
  /** Errors only logged (docs/requirements.md#errors). */
  logError: (message: string, error: unknown) => void;
  navigateToLogin: () => void;
  /** The browser leaves for the payment page. */
  redirectTo: (url: string) => void;
}

export interface ServiceOptions {
  /** The catalog a prerendered page was rendered with: the catalog machine starts from it. */
  catalogSnapshot?: CatalogSnapshotInput;
  /** The stock a page rendered on request was rendered with (its badges are in its HTML). */
  stockSnapshot?: StockByProduct;
  /**
   * XState's inspection hook, given to every actor the services start (and to the checkout guard the checkout
   * page starts): the local-mode inspector's recorder (src/inspector/recorder.ts, docs/inspector.md).
   */
  inspect?: (event: InspectionEvent) => void;
  /** The clock delivery dates count from (epoch ms); Date.now unless a test fixes the day. */
  now?: () => number;
}

export function createServices(
  ports: Ports,
  effects: Effects,
  options: ServiceOptions = {},
): Services & { stop(): void } {
  const logError = (_: unknown, params: { error: unknown; during: string }) =>
    effects.logError(`[${params.during}] failed`, params.error);
  const { inspect } = options;

  // Created and started in one go so the catalog request leaves together with the auth-state subscription.
  const catalog = createActor(
    catalogMachine.provide({ actors: createCatalogActors({ catalog: ports.catalog }), actions: { logError } }),
    { input: options.catalogSnapshot, inspect },
  ).start();
  const auth = createActor(
    authMachine.provide({ actors: createAuthActors({ auth: ports.auth, users: ports.users }), actions: { logError } }),
    { inspect },
  ).start();
  // The stock actor tells the cart every product's units it reads; the cart asks it for its lines'.
  const stock = createActor(
    stockMachine.provide({
      actors: createStockActors({ catalog: ports.catalog }),
      actions: {
        logError,
        // After this action: an actor sent to from inside another's action would run its own actions there.
        shareWithCart: (_, { answer }) => queueMicrotask(() => cart.send({ type: 'cart.stock.known', units: answer })),
      },
    }),
    { input: { stock: options.stockSnapshot }, inspect },
  ).start();
  const cart = createActor(
    cartMachine.provide(
      createCartActors({
        storage: ports.cartStorage,
        log: effects.logError,
        readStock: (productIds) => queueMicrotask(() => stock.send({ type: 'stock.products.show', ids: productIds })),
      }),
    ),
    { inspect },
  ).start();
  const checkout = createActor(
    checkoutMachine.provide({
      actors: createCheckoutActors({ checkout: ports.checkout }),
      actions: { logError, redirectTo: (_, { url }) => effects.redirectTo(url) },
    }),
    { inspect },
  ).start();
  // The lazy features (src/features: search, delivery) start their actors from these when their chunk arrives, and
  // stop them with the services.
  let stopped = false;
  const featureStops: Array<() => void> = [];
  const features: FeatureHost = {
    navigation: ports.navigation,
    searchBackend: ports.search,
    deliveryCep: ports.deliveryCep,
    now: options.now,
    logError: effects.logError,
    onStop(stop) {
      if (stopped) stop();
      else featureStops.push(stop);
    },
  };
  // Each orders actor and checkout guard follows the auth actor itself: pages only render them.
  const orders = ordersMachine.provide({
    actors: createOrdersActors({ orders: ports.orders, auth }),
    actions: { logError },
  });
  const checkoutGuard = checkoutGuardMachine.provide({
    actors: createCheckoutGuardActors({ auth }),
    actions: { navigateToLogin: () => effects.navigateToLogin() },
  });

  return {
    auth,
    cart,
    catalog,
    checkout,
    stock,
    checkoutGuard,
    features,
    orders,
    returns: ports.returns,
    now: options.now ?? Date.now,
    inspect,
    stop() {
      stopped = true;
      for (const stop of featureStops.splice(0)) stop();
      for (const actor of [catalog, auth, cart, checkout, stock]) actor.stop();
    },
  };
}
