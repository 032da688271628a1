import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { memoryAuth, type MemoryAuthOptions } from '../../../src/adapters/auth/memoryAuth';
import { memoryCartStorage, type MemoryCartStorage } from '../../../src/adapters/cartStorage/memoryCartStorage';
import { memoryCatalog } from '../../../src/adapters/catalog/memoryCatalog';
import type { CatalogPort, ProductCatalogPort } from '../../../src/adapters/catalog/catalogPort';
import { memoryCheckout } from '../../../src/adapters/checkout/memoryCheckout';
import { memoryDeliveryCep, type MemoryDeliveryCep } from '../../../src/adapters/deliveryCep/memoryDeliveryCep';
import type { SearchPort } from '../../../src/adapters/search/searchPort';
import type { CheckoutPort } from '../../../src/adapters/checkout/checkoutPort';
import { memoryOrders, type MemoryOrders } from '../../../src/adapters/orders/memoryOrders';
import { memoryReturns } from '../../../src/adapters/returns/memoryReturns';
import type { ReturnsPort } from '../../../src/adapters/returns/returnsPort';
import { memoryUsers } from '../../../src/adapters/users/memoryUsers';
import type { NavigationPort } from '../../../src/adapters/navigation/navigationPort';
import type { UserProfile } from '../../../src/domain';
import type { CartItem, Category } from '../../../src/domain';
import { App } from '../../../src/ui/App';
import { createServices } from '../../../src/ui/createServices';
import { aCategory, aProduct } from '../../support/builders';

/** A small fixed catalog: readable names, prices with and without centavos. */
export function sampleCatalog(): Category[] {
  const jackets = aCategory({
    id: 'jackets',
    name: 'jackets',
    displayName: 'Jaquetas',
    imageUrl: '/images/jackets.svg',
  })
    .withProducts([
      aProduct({ id: 'j1', name: 'Jaqueta de Couro Preta', price: 500, imageUrl: '/images/j1.svg' }).build(),
      aProduct({ id: 'j2', name: 'Blazer Bege', price: 400, imageUrl: '/images/j2.svg' }).build(),
      aProduct({ id: 'j3', name: 'Corta Vento', price: 250, imageUrl: '/images/j3.svg' }).build(),
      aProduct({ id: 'j4', name: 'Regata Azul', price: 150, imageUrl: '/images/j4.svg' }).build(),
      aProduct({ id: 'j5', name: 'Jaqueta Jeans', price: 289.9, imageUrl: '/images/j5.svg' }).build(),
    ])
    .build();
  const names: Array<[string, string]> = [
    ['sneakers', 'Tênis'],
    ['male', 'Masculino'],
    ['female', 'Feminino'],
    ['hats', 'Chapéus'],
    ['extra', 'Acessórios'],
  ];
  const others = names.map(([id, displayName], index) =>
    aCategory({ id, name: id, displayName, imageUrl: `/images/${id}.svg` })
      .withProducts([
        aProduct({
          id: `${id}-1`,
          name: `${displayName} Um`,
          price: 89.9 + index,
          imageUrl: `/images/${id}-1.svg`,
        }).build(),
        aProduct({ id: `${id}-2`, name: `${displayName} Dois`, price: 110, imageUrl: `/images/${id}-2.svg` }).build(),
      ])
      .build(),
  );
  return [jackets, ...others];
}

export interface RenderOptions {
  path?: string;
  /** Without getProduct (the two reads of docs/requirements.md#calls: categories whole), a product missing from them is unknown. */
  catalog?: CatalogPort & Partial<Pick<ProductCatalogPort, 'getProduct'>>;
  auth?: MemoryAuthOptions;
  users?: UserProfile[];
  cart?: CartItem[];
  /** Replaces the saved-cart storage (default: an in-memory one holding `cart`). */
  cartStorage?: MemoryCartStorage;
  checkout?: CheckoutPort;
  /** The backend's search (asked only for a catalog larger than what the page holds). */
  search?: SearchPort;
  /** Replaces the saved-CEP storage (default: an in-memory one, empty). */
  deliveryCep?: MemoryDeliveryCep;
  /** The clock delivery dates count from (default Date.now). */
  now?: () => number;
  /** Replaces the orders store (default: one holding `orderDocuments`, read as the signed-in user). */
  orders?: MemoryOrders;
  /** Raw checkoutSessions documents, keyed by id. */
  orderDocuments?: Record<string, unknown>;
  /** The backend's returns (default: an in-memory one holding no order, so every request is not found). */
  returns?: ReturnsPort;
  /** user-event's delay between actions; null skips the timer (fast model-based runs). */
  userEventDelay?: number | null;
}

/** Renders the whole storefront over the in-memory adapters and a memory location. */
export function renderApp(options: RenderOptions = {}) {
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const auth = memoryAuth(options.auth);
  const users = memoryUsers(options.users ?? []);
  const cartStorage = options.cartStorage ?? memoryCartStorage({ items: options.cart ?? [] });
  const checkout = options.checkout ?? memoryCheckout();
  // Delivery: the saved CEP is a port of its own, empty unless the test hands one over.
  const deliveryCep = options.deliveryCep ?? memoryDeliveryCep();
  const logged: Array<[string, unknown]> = [];
  const orders =
    options.orders ??
    memoryOrders({
      documents: options.orderDocuments,
      signedInAs: () => auth.currentUser()?.uid ?? null,
      log: (message, detail) => logged.push([message, detail]),
    });
  const returns = options.returns ?? memoryReturns();
  const redirects: string[] = [];
  // The search machine moves wouter's memory location, the one the App's router reads.
  const navigation: NavigationPort = {
    current: () => location.history![location.history!.length - 1]!,
    push: (to) => location.navigate(to),
    replace: (to) => location.navigate(to, { replace: true }),
  };
  const services = createServices(
    {
      auth,
      users,
      catalog: { getProduct: async () => null, ...(options.catalog ?? memoryCatalog(sampleCatalog())) },
      checkout,
      orders,
      returns,
      cartStorage,
      deliveryCep,
      navigation,
      search: options.search,
    },
    {
      logError: (message, error) => logged.push([message, error]),
      navigateToLogin: () => location.navigate('/login'),
      redirectTo: (url) => redirects.push(url),
    },
    { now: options.now },
  );
  const user = userEvent.setup({ delay: options.userEventDelay === undefined ? 0 : options.userEventDelay });
  const view = render(<App services={services} router={{ hook: location.hook, searchHook: location.searchHook }} />);
  return {
    ...view,
    user,
    services,
    location,
    auth,
    users,
    cartStorage,
    deliveryCep,
    checkout,
    orders,
    returns,
    logged,
    redirects,
    /** Where the memory router is now. */
    path: () => location.history[location.history.length - 1],
    unmountAll() {
      cleanup();
      services.stop();
    },
  };
}

/** Waits until the loading overlay is gone. */
export async function settled() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  // Wait for the overlay to disappear (auth known, list loaded, the route's lazy chunk imported). A deadline in
  // real time, not a number of turns: on a busy machine a lazy page's first import alone can take seconds.
  for (const deadline = Date.now() + 10_000; screen.queryByTestId('loading-overlay') && Date.now() < deadline;) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
}
