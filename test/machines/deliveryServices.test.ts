// The delivery wiring of createServices over the in-memory ports: the delivery chunk loads on the first need, the
// cart's delivery actor follows the cart and the catalog, a product page's actor quotes one unit, and a CEP typed
// on either is the shopper's one CEP.
import { afterEach, describe, expect, it } from 'vitest';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { memoryCartStorage } from '../../src/adapters/cartStorage/memoryCartStorage';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import { memoryDeliveryCep, type MemoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { memoryUsers } from '../../src/adapters/users/memoryUsers';
import type { Category } from '../../src/domain';
import { createActor, waitFor } from 'xstate';
import { loadDelivery } from '../../src/features/delivery/deliveryLoader';
import { selectedDelivery } from '../../src/machines/deliveryMachine';
import { createServices } from '../../src/ui/createServices';
import { memoryNavigation } from '../../src/adapters/navigation/memoryNavigation';

// Tuesday 1 December 2026, noon in Brasília.
const NOW = Date.parse('2026-12-01T15:00:00Z');
const catalog: Category[] = [
  {
    id: 'jackets',
    name: 'jackets',
    displayName: 'Jaquetas',
    imageUrl: '/j.svg',
    products: [{ id: 'j1', name: 'Jaqueta de Couro Preta', imageUrl: '/j1.svg', price: 500 }],
  },
  {
    id: 'hats',
    name: 'hats',
    displayName: 'Chapéus',
    imageUrl: '/h.svg',
    products: [{ id: 'h1', name: 'Boné Branco', imageUrl: '/h1.svg', price: 59.9 }],
  },
];
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let stop = () => {};
afterEach(() => stop());

function services(
  deliveryCep: MemoryDeliveryCep | (() => Promise<MemoryDeliveryCep>),
  logError: (message: string, error: unknown) => void = () => {},
) {
  const built = createServices(
    {
      auth: memoryAuth(),
      users: memoryUsers(),
      catalog: memoryCatalog(catalog),
      checkout: memoryCheckout(),
      orders: memoryOrders(),
      cartStorage: memoryCartStorage(),
      deliveryCep,
      navigation: memoryNavigation(),
    },
    { logError, navigateToLogin: () => {}, redirectTo: () => {} },
    { now: () => NOW },
  );
  stop = built.stop;
  return built;
}

describe('the delivery loader over createServices', () => {
  it("the cart's delivery quotes the cart with the stored CEP, each line weighed by its category", async () => {
    const built = services(memoryDeliveryCep({ raw: '01310100' }));
    const { cart } = built;
    await settle(); // the catalog and the saved cart are read
    const delivery = (await loadDelivery(built))!.cartDelivery;
    expect(delivery.getSnapshot().value).toBe('idle');
    cart.send({ type: 'cart.add', product: catalog[1]!.products[0]! });
    cart.send({ type: 'cart.add', product: catalog[1]!.products[0]! });
    // The first quote downloads the quoting module.
    await waitFor(delivery, (snapshot) => snapshot.matches('quoted'), { timeout: 10_000 });
    // Two caps (250 g each) + 200 g box = 700 g, R$ 119,80: SP Econômica at its base price R$ 15,90.
    expect(delivery.getSnapshot().context.quote).toMatchObject({ cep: '01310100', weightGrams: 700, subtotal: 11_980 });
    expect(delivery.getSnapshot().context.quote?.options.map((o) => o.amount)).toEqual([1590, 2490]);
    cart.send({ type: 'cart.remove', productId: catalog[1]!.products[0]!.id });
    expect(delivery.getSnapshot().value).toBe('idle');
    expect(selectedDelivery(delivery.getSnapshot())).toBeNull();
  });

  it("a product page's delivery is new and unstarted, quotes one unit, and its CEP becomes the cart's", async () => {
    const deliveryCep = memoryDeliveryCep();
    const built = services(deliveryCep);
    const { cart } = built;
    await settle();
    const { cartDelivery: delivery, productDelivery } = (await loadDelivery(built))!;
    // A product page's actor (useProductDelivery runs one per page with these).
    const createProductDelivery = (product: { id: string; price: number }, categoryId: string) =>
      createActor(productDelivery.logic, productDelivery.options(product, categoryId));
    const product = createProductDelivery({ id: 'j1', price: 500 }, 'jackets');
    expect(product).not.toBe(delivery);
    product.start();
    product.send({ type: 'delivery.cep.submit', cep: '69900-000' });
    await waitFor(product, (snapshot) => snapshot.matches('quoted'), { timeout: 10_000 });
    expect(product.getSnapshot().context.quote).toMatchObject({
      cep: '69900000',
      uf: 'AC',
      weightGrams: 1400,
      subtotal: 50_000,
    });
    expect(deliveryCep.raw()).toBe('69900000');
    // The cart's actor has the same CEP now: adding the jacket quotes it at once.
    expect(delivery.getSnapshot().context.cep).toBe('69900000');
    cart.send({ type: 'cart.add', product: catalog[0]!.products[0]! });
    await waitFor(delivery, (snapshot) => snapshot.matches('quoted'), { timeout: 10_000 });
    expect(selectedDelivery(delivery.getSnapshot())).toEqual({ cep: '69900000', service: 'economica' });
    product.stop();
    // The next product page starts from the saved CEP.
    const next = createProductDelivery({ id: 'h1', price: 59.9 }, 'hats');
    expect(next.getSnapshot().context.cepInput).toBe('69900-000');
  });

  it('loads the delivery chunk once (one promise for every call) and stops its actor with the services', async () => {
    const built = services(memoryDeliveryCep());
    const first = loadDelivery(built);
    expect(loadDelivery(built)).toBe(first);
    const feature = await first;
    expect(feature?.cartDelivery.getSnapshot().status).toBe('active');
    expect(loadDelivery(built)).toBe(first);
    built.stop();
    expect(feature?.cartDelivery.getSnapshot().status).toBe('stopped');
  });

  it('a failed download is not kept: the call answers null, logs it, and the next call downloads again', async () => {
    const logged: string[] = [];
    let attempts = 0;
    // The saved CEP's adapter loads beside the chunk (as main.tsx does it): its first download fails.
    const built = services(
      async () => {
        attempts++;
        if (attempts === 1) throw new Error('offline');
        return memoryDeliveryCep({ raw: '01310100' });
      },
      (message) => logged.push(message),
    );
    const failed = loadDelivery(built);
    expect(await failed).toBeNull();
    expect(logged).toEqual(['[delivery] the delivery code could not be loaded']);
    const retried = loadDelivery(built);
    expect(retried).not.toBe(failed);
    const feature = await retried;
    expect(attempts).toBe(2);
    expect(feature?.cartDelivery.getSnapshot().context.cep).toBe('01310100');
    expect(loadDelivery(built)).toBe(retried);
  });
});
