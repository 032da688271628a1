// The inspector's hook goes through the one composition point: createServices hands `inspect` to every actor
// it starts, to the lazily started search actor, and (Services.inspect) to the checkout guard that the
// checkout page starts, and to the delivery actors of the lazy delivery chunk (the cart's, started when /checkout
// loads the chunk, and the one a product page creates); pages pass Services.inspect to the actors they start
// (checkout guard, orders, browse).
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { memoryLocation } from 'wouter/memory-location';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { memoryCartStorage } from '../../src/adapters/cartStorage/memoryCartStorage';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import { memoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { memoryUsers } from '../../src/adapters/users/memoryUsers';
import { loadDelivery } from '../../src/features/delivery/deliveryLoader';
import { createRecorder } from '../../src/inspector/recorder';
import { App } from '../../src/ui/App';
import { createServices } from '../../src/ui/createServices';
import { sampleCatalog } from '../ui/support/renderApp';
import { memoryNavigation } from '../../src/adapters/navigation/memoryNavigation';

afterEach(cleanup);

describe('the inspector hook', () => {
  it('reaches auth, cart, catalog, checkout, stock, delivery, search and the checkout guard', async () => {
    const recorder = createRecorder();
    const services = createServices(
      {
        auth: memoryAuth(),
        users: memoryUsers([]),
        catalog: memoryCatalog(sampleCatalog()),
        checkout: memoryCheckout(),
        cartStorage: memoryCartStorage({ items: [] }),
        orders: memoryOrders(),
        deliveryCep: memoryDeliveryCep(),
        navigation: memoryNavigation(),
      },
      { logError: () => {}, navigateToLogin: () => {}, redirectTo: () => {} },
      { inspect: recorder.inspect },
    );
    // Each machine's xstate.init, collected as it is recorded: the recorder keeps only the last 100 events, and
    // the catalog and search may log more than that before the last actor starts.
    const initialised = new Set<string>();
    const collectInits = () => {
      for (const event of recorder.events()) if (event.event.type === 'xstate.init') initialised.add(event.machine);
    };
    collectInits();
    const unsubscribe = recorder.subscribe(collectInits);
    try {
      expect([...recorder.actors().keys()].sort()).toEqual(['auth', 'cart', 'catalog', 'checkout', 'stock']);
      const location = memoryLocation({ path: '/checkout' });
      render(<App services={services} router={{ hook: location.hook, searchHook: location.searchHook }} />);
      await waitFor(
        () =>
          expect([...recorder.actors().keys()].sort()).toEqual([
            'auth',
            'cart',
            'catalog',
            'checkout',
            'checkoutGuard',
            'delivery',
            'search',
            'stock',
          ]),
        {
          timeout: 10_000,
        },
      );
      // Their events are logged, starting with each one's xstate.init (an actor is registered when it is created,
      // and a component's actor starts in an effect, a moment later).
      await waitFor(
        () =>
          expect([...initialised].sort()).toEqual([
            'auth',
            'cart',
            'catalog',
            'checkout',
            'checkoutGuard',
            'delivery',
            'search',
            'stock',
          ]),
        {
          timeout: 10_000,
        },
      );
      // A product page's delivery actor carries the hook from its creation: once started, it is the one drawn.
      const { productDelivery: product } = (await loadDelivery(services))!;
      const productDelivery = createActor(product.logic, product.options({ id: 'j1', price: 500 }, 'jackets'));
      productDelivery.start();
      expect(recorder.actors().get('delivery')).toBe(productDelivery);
      productDelivery.stop();
    } finally {
      unsubscribe();
      services.stop();
    }
  });

  it('reaches the browse actor a category page starts, with its choices and their transitions', async () => {
    const recorder = createRecorder();
    const services = createServices(
      {
        auth: memoryAuth(),
        users: memoryUsers([]),
        catalog: memoryCatalog(sampleCatalog()),
        checkout: memoryCheckout(),
        cartStorage: memoryCartStorage({ items: [] }),
        orders: memoryOrders(),
        deliveryCep: memoryDeliveryCep(),
        navigation: memoryNavigation(),
      },
      { logError: () => {}, navigateToLogin: () => {}, redirectTo: () => {} },
      { inspect: recorder.inspect },
    );
    try {
      const location = memoryLocation({ path: '/category/jackets?ordem=nome' });
      render(<App services={services} router={{ hook: location.hook, searchHook: location.searchHook }} />);
      await waitFor(() => expect(recorder.actors().has('browse')).toBe(true), { timeout: 10_000 });
      await waitFor(() =>
        expect(recorder.events().some((e) => e.machine === 'browse' && e.event.type === 'browse.address.changed')).toBe(
          true,
        ),
      );
      expect(recorder.actors().get('browse')!.getSnapshot().context.view.order).toBe('nome');
    } finally {
      services.stop();
    }
  });
});
