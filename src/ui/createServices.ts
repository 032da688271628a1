// Wires the machines to ports and starts them. main.tsx calls it with the real adapters; UI tests call it
// with the in-memory ones. It only sees ports, so the import direction ui → machines → ports holds.
import { createActor, type InspectionEvent } from 'xstate';
import type { AuthPort } from '../adapters/auth/authPort';
import type { CartStoragePort } from '../adapters/cartStorage/cartStoragePort';
import type { CheckoutPort } from '../adapters/checkout/checkoutPort';
import type { DeliveryCepPort } from '../adapters/deliveryCep/deliveryCepPort';
import type { NavigationPort } from '../adapters/navigation/navigationPort';
import type { OrdersPort } from '../adapters/orders/ordersPort';
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
import type { SearchActorRef } from '../machines/searchMachine';
import type { DeliveryFeature } from './deliveryFeature';
import { importWhenOnline } from './lazyImport';
import type { Services } from './services';

export interface Ports {
  auth: AuthPort;
  users: UsersPort;
  /** The two reads of docs/requirements.md#calls, and one product (a product page whose product no category preview holds). */
  catalog: StorefrontCatalogPort;
  checkout: CheckoutPort;
  orders: OrdersPort;
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
  const cart = createActor(
    cartMachine.provide(createCartActors({ storage: ports.cartStorage, log: effects.logError })),
    { inspect },
  ).start();
  const checkout = createActor(
    checkoutMachine.provide({
      actors: createCheckoutActors({ checkout: ports.checkout }),
      actions: { logError, redirectTo: (_, { url }) => effects.redirectTo(url) },
    }),
    { inspect },
  ).start();
  let stopped = false;
  /**
   * A feature in a chunk of its own: downloaded once, on first need; started when it arrives (and stopped at once if
   * the services stopped meanwhile); a failed download is logged and answers null, and the next need tries again
   * (offline it is not requested at all: src/ui/lazyImport.ts).
   */
  const lazyFeature = <T>(name: string, load: () => Promise<{ value: T; stop: () => void }>) => {
    let loading: Promise<T | null> | undefined;
    let stopFeature = () => {};
    const get = () =>
      (loading ??= importWhenOnline(load).then(
        (started) => {
          if (stopped) started.stop();
          stopFeature = started.stop;
          return started.value;
        },
        (error: unknown) => {
          loading = undefined;
          effects.logError(`[${name}] the ${name} code could not be loaded`, error);
          return null;
        },
      ));
    return { get, stop: () => stopFeature() };
  };
  // Search is a lazy chunk (src/ui/searchFeature.ts, loaded when the field mounts, after the first render), so
  // `/`'s entry JS does not grow; minisearch and the index are a second chunk, loaded on the first search.
  const search = lazyFeature<SearchActorRef>('search', async () => {
    const { startSearch } = await import('./searchFeature');
    const started = startSearch({ catalog, navigation: ports.navigation, backend: ports.search, logError, inspect });
    return { value: started.actor, stop: started.stop };
  });
  // Delivery is a lazy chunk too (src/ui/deliveryFeature.ts: the machine, its wiring, the estimator),
  // loaded by the first component that needs it (the product page, the cart panel opened with items, /checkout);
  // the cart's actor starts when it arrives. The quote's own code is a further chunk, loaded by the first quote.
  const delivery = lazyFeature<DeliveryFeature>('delivery', async () => {
    const [{ startDeliveryFeature }, storage] = await Promise.all([
      import('./deliveryFeature'),
      typeof ports.deliveryCep === 'function' ? ports.deliveryCep() : ports.deliveryCep,
    ]);
    const started = startDeliveryFeature({ cart, catalog, storage, now: options.now, log: effects.logError, inspect });
    return { value: started.feature, stop: started.stop };
  });
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
    checkoutGuard,
    delivery: delivery.get,
    orders,
    search: search.get,
    inspect,
    stop() {
      stopped = true;
      search.stop();
      delivery.stop();
      for (const actor of [catalog, auth, cart, checkout]) actor.stop();
    },
  };
}
