// Wires the machines to ports and starts them. main.tsx calls it with the real adapters; UI tests call it
// with the in-memory ones. It only sees ports, so the import direction ui → machines → ports holds.
import { createActor } from 'xstate';
import type { AuthPort } from '../adapters/auth/port';
import type { CartStoragePort } from '../adapters/cartStorage/port';
import type { CatalogPort } from '../adapters/catalog/port';
import type { CheckoutPort } from '../adapters/checkout/port';
import type { UsersPort } from '../adapters/users/port';
import { authMachine, createAuthActors } from '../machines/authMachine';
import { cartMachine, createCartImplementations } from '../machines/cartMachine';
import { catalogMachine, createCatalogActors } from '../machines/catalogMachine';
import { checkoutGuardMachine } from '../machines/checkoutGuardMachine';
import { checkoutMachine, createCheckoutActors } from '../machines/checkoutMachine';
import type { SearchActorRef } from '../machines/searchMachine';
import { createLazyActor } from './lazyActor';
import type { Services } from './services';

export interface Ports {
  auth: AuthPort;
  users: UsersPort;
  catalog: CatalogPort;
  checkout: CheckoutPort;
  cartStorage: CartStoragePort;
}

export interface Effects {
  /** Errors the spec says are "only logged". */
  logError: (message: string, error: unknown) => void;
  navigateToLogin: () => void;
  /** The browser leaves for the payment page. */
  redirectTo: (url: string) => void;
}

export function createServices(ports: Ports, effects: Effects): Services & { stop(): void } {
  const logError = (_: unknown, params: { error: unknown; during: string }) =>
    effects.logError(`[${params.during}] failed`, params.error);

  // Created and started in one go so the catalog request leaves together with the auth-state subscription.
  const catalog = createActor(
    catalogMachine.provide({ actors: createCatalogActors({ catalog: ports.catalog }), actions: { logError } }),
  ).start();
  const auth = createActor(
    authMachine.provide({ actors: createAuthActors({ auth: ports.auth, users: ports.users }), actions: { logError } }),
  ).start();
  const cart = createActor(
    cartMachine.provide(createCartImplementations({ storage: ports.cartStorage, log: effects.logError })),
  ).start();
  const checkout = createActor(
    checkoutMachine.provide({
      actors: createCheckoutActors({ checkout: ports.checkout }),
      actions: { logError, redirectTo: (_, { url }) => effects.redirectTo(url) },
    }),
  ).start();
  // The search machine is a lazy chunk (the field loads it when it mounts, after the first render), so `/`'s
  // entry JS does not grow; minisearch and the index are a second chunk, loaded on the first search.
  let stopped = false;
  let stopSearch = () => {};
  const search = createLazyActor<SearchActorRef>(async () => {
    const { searchMachine, createSearchActors } = await import('../machines/searchMachine');
    const actor = createActor(searchMachine.provide({ actors: createSearchActors(), actions: { logError } }));
    if (stopped) return actor; // the services stopped while the chunk downloaded: never start it
    actor.start();
    // The index is built from what the catalog actor holds (never by a component fetching): forward the
    // categories each time they change (the prerendered snapshot first, then the live read), or the failure.
    let forwarded: unknown = null;
    const forwardCatalog = (snapshot: ReturnType<typeof catalog.getSnapshot>) => {
      const { categories } = snapshot.context;
      const known = categories.length > 0 || snapshot.matches({ list: 'loaded' });
      const next = known ? categories : snapshot.matches({ list: 'failed' }) ? 'failed' : null;
      if (next === null || next === forwarded) return;
      forwarded = next;
      actor.send(known ? { type: 'search.catalog.loaded', categories } : { type: 'search.catalog.failed' });
    };
    forwardCatalog(catalog.getSnapshot());
    const watch = catalog.subscribe(forwardCatalog);
    stopSearch = () => {
      watch.unsubscribe();
      actor.stop();
    };
    return actor;
  });
  const checkoutGuard = checkoutGuardMachine.provide({ actions: { navigateToLogin: () => effects.navigateToLogin() } });

  return {
    auth,
    cart,
    catalog,
    checkout,
    checkoutGuard,
    search,
    stop() {
      stopped = true;
      stopSearch();
      for (const actor of [catalog, auth, cart, checkout]) actor.stop();
    },
  };
}
