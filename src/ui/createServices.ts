// Wires the machines to ports and starts them. main.tsx calls it with the real adapters; UI tests call it
// with the in-memory ones. It only sees ports, so the import direction ui → machines → ports holds.
import { createActor, type InspectionEvent } from 'xstate';
import type { AuthPort } from '../adapters/auth/port';
import type { CartStoragePort } from '../adapters/cartStorage/port';
import type { CatalogPort } from '../adapters/catalog/port';
import type { CheckoutPort } from '../adapters/checkout/port';
import type { DeliveryCepPort } from '../adapters/deliveryCep/port';
import type { OrdersPort } from '../adapters/orders/port';
import type { UsersPort } from '../adapters/users/port';
import { toCentavos } from '../domain';
import { formatCep } from '../domain/cep';
import { createAuthActors } from '../machines/authActors';
import { authMachine } from '../machines/authMachine';
import { cartMachine, createCartImplementations } from '../machines/cartMachine';
import { catalogMachine, createCatalogActors, type CatalogSnapshotInput } from '../machines/catalogMachine';
import { checkoutGuardMachine } from '../machines/checkoutGuardMachine';
import { checkoutMachine, createCheckoutActors } from '../machines/checkoutMachine';
import { createDeliveryImplementations, deliveryMachine, parcelLinesOf, watchCartParcel } from '../machines/deliveryMachine';
import { createOrdersActors, ordersMachine } from '../machines/ordersMachine';
import type { SearchActorRef } from '../machines/searchMachine';
import type { Services } from './services';

export interface Ports {
  auth: AuthPort;
  users: UsersPort;
  catalog: CatalogPort;
  checkout: CheckoutPort;
  orders: OrdersPort;
  cartStorage: CartStoragePort;
  /** The shopper's last valid CEP (localStorage `deliveryCep`). */
  deliveryCep: DeliveryCepPort;
}

export interface Effects {
  /** Errors the spec says are "only logged". */
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

export function createServices(ports: Ports, effects: Effects, options: ServiceOptions = {}): Services & { stop(): void } {
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
    cartMachine.provide(createCartImplementations({ storage: ports.cartStorage, log: effects.logError })),
    { inspect },
  ).start();
  const checkout = createActor(
    checkoutMachine.provide({
      actors: createCheckoutActors({ checkout: ports.checkout }),
      actions: { logError, redirectTo: (_, { url }) => effects.redirectTo(url) },
    }),
    { inspect },
  ).start();
  // Delivery (issue 27): the cart's actor watches the cart and the catalog for its parcel; a product page's actor
  // quotes one unit. A CEP saved from a product page is adopted by the cart's actor as well: one CEP per shopper.
  const deliveryImplementations = createDeliveryImplementations({ storage: ports.deliveryCep, now: options.now, log: effects.logError });
  const delivery = createActor(
    deliveryMachine.provide({
      actors: { ...deliveryImplementations.actors, watchParcel: watchCartParcel({ cart, catalog }) },
      actions: deliveryImplementations.actions,
    }),
    {
      input: {
        cep: ports.deliveryCep.load(),
        lines: parcelLinesOf(cart.getSnapshot().context.items, catalog.getSnapshot().context.categories),
      },
      inspect,
    },
  ).start();
  const productDeliveryMachine = deliveryMachine.provide({
    actors: deliveryImplementations.actors,
    actions: {
      ...deliveryImplementations.actions,
      rememberCep: (_, params) => {
        deliveryImplementations.actions.rememberCep(_, params);
        if (delivery.getSnapshot().context.cep !== params.cep) delivery.send({ type: 'delivery.cep.submit', cep: formatCep(params.cep) });
      },
    },
  });
  const createProductDelivery = (product: { id: string; price: number }, categoryId: string) =>
    createActor(productDeliveryMachine, {
      input: { cep: ports.deliveryCep.load(), lines: [{ categoryId, quantity: 1, unitAmount: toCentavos(product.price) }] },
      inspect,
    });
  // Search is a lazy chunk (src/ui/searchFeature.ts, loaded when the field mounts, after the first render), so
  // `/`'s entry JS does not grow; minisearch and the index are a second chunk, loaded on the first search.
  let stopped = false;
  let stopSearch = () => {};
  let search: Promise<SearchActorRef | null> | undefined;
  const loadSearch = () =>
    (search ??= import('./searchFeature').then(
      ({ startSearch }) => {
        const started = startSearch({ catalog, logError, inspect });
        if (stopped) started.stop(); // the services stopped while the chunk downloaded
        stopSearch = started.stop;
        return started.actor;
      },
      (error: unknown) => {
        search = undefined; // the next visit tries again
        effects.logError('[search] the search code could not be loaded', error);
        return null;
      },
    ));
  const orders = ordersMachine.provide({ actors: createOrdersActors({ orders: ports.orders }), actions: { logError } });
  const checkoutGuard = checkoutGuardMachine.provide({ actions: { navigateToLogin: () => effects.navigateToLogin() } });

  return {
    auth,
    cart,
    catalog,
    checkout,
    checkoutGuard,
    delivery,
    createProductDelivery,
    orders,
    search: loadSearch,
    inspect,
    stop() {
      stopped = true;
      stopSearch();
      for (const actor of [delivery, catalog, auth, cart, checkout]) actor.stop();
    },
  };
}
