// The category page read on past its document's preview (the catalog machine's `pages` region).
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CatalogUnavailableError, type ProductCatalogPort } from '../../src/adapters/catalog/catalogPort';
import type { Category, Product } from '../../src/domain';
import { categoryDocumentOf, productDocumentsOf } from '../../src/domain/productDocuments';
import { catalogMachine, categoryProductsOf, createCatalogActors } from '../../src/machines/catalogMachine';
import { aCategory, aProduct } from '../support/builders';
import { tick } from '../support/fakes/controllable';
import { fakeCatalog } from '../support/fakes/fakePorts';

const products = (count: number, prefix: string): Product[] =>
  Array.from({ length: count }, (_, index) => aProduct().withId(`${prefix}-${index}`).build());

function start(port: Parameters<typeof createCatalogActors>[0]['catalog']) {
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    catalogMachine.provide({
      actors: createCatalogActors({ catalog: port }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { clock },
  ).start();
  const shown = () => categoryProductsOf(actor.getSnapshot().context).map((p) => p.id);
  const pages = () => actor.getSnapshot().value.pages;
  return { actor, logError, clock, shown, pages };
}

describe('catalogMachine: a category read page by page', () => {
  it('reads a 130-product category past its 24-product preview in three pages, then nothing more', async () => {
    const whole = aCategory().withId('camisas').withProducts(products(130, 'camisa')).build();
    const memory = memoryCatalog(
      { camisas: categoryDocumentOf(whole) },
      { products: Object.fromEntries(productDocumentsOf(whole).map((d) => [d.id, d])) },
    );
    const requests: unknown[] = [];
    const port: ProductCatalogPort = {
      ...memory,
      listCategories: () => memory.listCategories(),
      getCategory: (id) => memory.getCategory(id),
      getProduct: (id) => memory.getProduct(id),
      listCategoryProducts: (id, page) => {
        requests.push([id, page]);
        return memory.listCategoryProducts(id, page);
      },
    };
    const { actor, shown, pages } = start(port);
    actor.send({ type: 'catalog.category.show', id: 'camisas' });
    await tick();
    expect(shown()).toEqual(whole.products.slice(0, 24).map((p) => p.id));

    // Worked out by hand: the first read starts over (the preview's 24 and a page of 48: positions 0–71), then
    // pages of 48 after the last position seen (72–119), then the last 10 (120–129), a short page: complete.
    for (let trigger = 0; trigger < 3; trigger++) {
      actor.send({ type: 'catalog.category.more' });
      await tick();
    }
    expect(requests).toEqual([
      ['camisas', { limit: 72 }],
      ['camisas', { after: 71, limit: 48 }],
      ['camisas', { after: 119, limit: 48 }],
    ]);
    expect(pages()).toBe('complete');
    expect(shown()).toEqual(whole.products.map((p) => p.id));
    actor.send({ type: 'catalog.category.more' });
    await tick();
    expect(requests).toHaveLength(3);
  });

  it('a whole category (the seeded shop: its count is its list) is never read page by page', async () => {
    const fake = fakeCatalog();
    const { actor, pages } = start(fake.port);
    const seeded: Category = { ...aCategory().withId('hats').build(), productCount: 2 };
    actor.send({ type: 'catalog.category.show', id: 'hats' });
    fake.getCategory.latest().resolve(seeded);
    await tick();
    actor.send({ type: 'catalog.category.more' });
    expect(pages()).toBe('complete');
    expect(fake.listCategoryProducts.calls).toHaveLength(0);
  });

  it('a trigger while a page is on its way reads nothing; the next trigger reads the next page', async () => {
    const fake = fakeCatalog();
    const { actor, shown, pages } = start(fake.port);
    const preview = products(3, 'p');
    actor.send({ type: 'catalog.category.show', id: 'bonés' });
    fake.getCategory
      .latest()
      .resolve({ ...aCategory().withId('bonés').withProducts(preview).build(), productCount: 200 });
    await tick();
    actor.send({ type: 'catalog.category.more' });
    actor.send({ type: 'catalog.category.more' });
    actor.send({ type: 'catalog.category.more' });
    expect(fake.listCategoryProducts.calls.map((c) => c.args)).toEqual([['bonés', { limit: 51 }]]);
    const first = [...preview, ...products(48, 'q')];
    fake.listCategoryProducts.latest().resolve({ products: first, nextAfter: 60 });
    await tick();
    expect(pages()).toBe('idle');
    // The preview's products are not listed twice.
    expect(shown()).toEqual(first.map((p) => p.id));
    actor.send({ type: 'catalog.category.more' });
    actor.send({ type: 'catalog.category.more' });
    expect(fake.listCategoryProducts.calls.map((c) => c.args)).toEqual([
      ['bonés', { limit: 51 }],
      ['bonés', { after: 60, limit: 48 }],
    ]);
  });

  it('a failed page keeps what is shown and is logged; "Tentar novamente" reads the same page; so does a read out of time', async () => {
    const fake = fakeCatalog();
    const { actor, shown, pages, logError, clock } = start(fake.port);
    fake.listCategories.latest().resolve([]); // its deadline must not count here
    const preview = products(2, 'p');
    actor.send({ type: 'catalog.category.show', id: 'meias' });
    fake.getCategory
      .latest()
      .resolve({ ...aCategory().withId('meias').withProducts(preview).build(), productCount: 5 });
    await tick();
    actor.send({ type: 'catalog.category.more' });
    fake.listCategoryProducts.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    expect(pages()).toBe('failed');
    expect(shown()).toEqual(preview.map((p) => p.id));
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'listCategoryProducts' }));
    // Scrolling on does not read while the page says it failed.
    actor.send({ type: 'catalog.category.more' });
    expect(fake.listCategoryProducts.calls).toHaveLength(1);

    actor.send({ type: 'catalog.category.more.retry' });
    expect(fake.listCategoryProducts.calls.map((c) => c.args)).toEqual([
      ['meias', { limit: 50 }],
      ['meias', { limit: 50 }],
    ]);
    clock.increment(8_000);
    expect(pages()).toBe('failed');
    expect(logError).toHaveBeenCalledTimes(2);
    // The answer that came too late changes nothing; the next retry's does.
    const rest = products(3, 'r');
    fake.listCategoryProducts.calls[1]!.resolve({ products: [...preview, ...rest], nextAfter: null });
    await tick();
    expect(shown()).toEqual(preview.map((p) => p.id));
    actor.send({ type: 'catalog.category.more.retry' });
    fake.listCategoryProducts.latest().resolve({ products: [...preview, ...rest], nextAfter: null });
    await tick();
    expect(pages()).toBe('complete');
    expect(shown()).toEqual([...preview, ...rest].map((p) => p.id));
  });

  it('another category starts over (a late page of the last one is dropped); the same one again keeps its pages', async () => {
    const fake = fakeCatalog();
    const { actor, shown, pages } = start(fake.port);
    const calcas = { ...aCategory().withId('calcas').withProducts(products(1, 'c')).build(), productCount: 3 };
    const saias = { ...aCategory().withId('saias').withProducts(products(1, 's')).build(), productCount: 3 };
    actor.send({ type: 'catalog.category.show', id: 'calcas' });
    fake.getCategory.latest().resolve(calcas);
    await tick();
    actor.send({ type: 'catalog.category.more' });
    const more = products(1, 'c-more');
    fake.listCategoryProducts.latest().resolve({ products: [...calcas.products, ...more], nextAfter: 2 });
    await tick();
    expect(shown()).toEqual([...calcas.products, ...more].map((p) => p.id));

    actor.send({ type: 'catalog.category.show', id: 'calcas' });
    fake.getCategory.latest().resolve(calcas);
    await tick();
    expect(shown()).toEqual([...calcas.products, ...more].map((p) => p.id));

    actor.send({ type: 'catalog.category.more' });
    actor.send({ type: 'catalog.category.show', id: 'saias' });
    fake.listCategoryProducts.latest().resolve({ products: products(1, 'late'), nextAfter: null });
    fake.getCategory.latest().resolve(saias);
    await tick();
    expect(pages()).toBe('idle');
    expect(shown()).toEqual(saias.products.map((p) => p.id));
    actor.send({ type: 'catalog.category.more' });
    expect(fake.listCategoryProducts.latest().args).toEqual(['saias', { limit: 49 }]);
  });
});
