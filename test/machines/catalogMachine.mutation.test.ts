// catalogMachine behaviour the mutation run (npm run test:mutation) showed untested. Events in; state, tags,
// port calls and the category on screen out, compared with categories written here.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Category, Product, ProductInCategory } from '../../src/domain';
import {
  CATALOG_FAILED_MESSAGE,
  CATALOG_TIMEOUT_MS,
  CATEGORY_PAGE_SIZE,
  catalogMachine,
  categoryProductsOf,
  createCatalogActors,
} from '../../src/machines/catalogMachine';
import { CatalogUnavailableError, CategoryNotFoundError } from '../../src/adapters/catalog/catalogPort';
import { fakeCatalog } from '../support/fakes/fakePorts';
import { startCatalog } from './support/startCatalog';
import { tick } from '../support/fakes/controllable';

const category = (id: string, displayName: string): Category => ({
  id,
  name: id,
  displayName,
  imageUrl: `/images/${id}.webp`,
  products: [{ id: `${id}-1`, name: `${displayName} 1`, imageUrl: `/images/${id}-1.webp`, price: 99.9 }],
});
const jaquetas = category('jaquetas', 'Jaquetas');
const tenis = category('tenis', 'Tênis');

describe('catalogMachine (mutation run)', () => {
  it('starts with no categories and nothing on screen, the list loading', () => {
    const { snap } = startCatalog();
    expect(snap().value).toEqual({ list: 'loading', category: 'idle', product: 'idle', pages: 'idle' });
    expect(snap().context).toEqual({
      categories: [],
      categoryId: null,
      category: null,
      productId: null,
      product: null,
      more: [],
      after: undefined,
    });
  });

  it('a category page is busy while its read is pending, and not after', async () => {
    const { actor, catalog, snap } = startCatalog();
    catalog.listCategories.latest().resolve([]);
    await tick();
    expect(snap().hasTag('busy')).toBe(false);
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    expect(snap().value).toEqual({ list: 'loaded', category: 'loading', product: 'idle', pages: 'idle' });
    expect(snap().hasTag('busy')).toBe(true);
    catalog.getCategory.latest().resolve(tenis);
    await tick();
    expect(snap().hasTag('busy')).toBe(false);
  });

  it('moving to another category never shows the previous one meanwhile', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    catalog.getCategory.latest().resolve(jaquetas);
    await tick();
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    expect(snap().context.categoryId).toBe('tenis');
    expect(snap().context.category).toBeNull();
  });

  it('coming back to the last category shows it at once, even when the list does not have it', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    catalog.getCategory.latest().resolve(jaquetas);
    await tick();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    expect(snap().context.category).toEqual(jaquetas);
    expect(snap().matches({ category: 'loading' })).toBe(true);
    expect(catalog.getCategory.calls.map((call) => call.args)).toEqual([['jaquetas'], ['jaquetas']]);
  });

  it('a listed category is found by its id among several', async () => {
    const { actor, catalog, snap } = startCatalog();
    catalog.listCategories.latest().resolve([jaquetas, tenis]);
    await tick();
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    expect(snap().context.category).toEqual(tenis);
  });

  it('"not found" clears the category shown from the list', async () => {
    const { actor, catalog, snap, logError } = startCatalog();
    catalog.listCategories.latest().resolve([jaquetas]);
    await tick();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    expect(snap().context.category).toEqual(jaquetas);
    catalog.getCategory.latest().reject(new CategoryNotFoundError('jaquetas'));
    await tick();
    expect(snap().matches({ category: 'notFound' })).toBe(true);
    expect(snap().context.category).toBeNull();
    expect(logError).not.toHaveBeenCalled();
  });

  it('logs a failed list and a failed category with the error and where it happened', async () => {
    const { actor, catalog, logError } = startCatalog();
    const listError = new CatalogUnavailableError('offline');
    catalog.listCategories.latest().reject(listError);
    await tick();
    expect(logError).toHaveBeenLastCalledWith({ error: listError, during: 'listCategories' });
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    const readError = new CatalogUnavailableError('timeout');
    catalog.getCategory.latest().reject(readError);
    await tick();
    expect(logError).toHaveBeenLastCalledWith({ error: readError, during: 'getCategory' });
    expect(logError).toHaveBeenCalledTimes(2);
  });

  it('a read rejected with no error at all is a failure, not a crash', async () => {
    const { actor, catalog, snap, logError } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    catalog.getCategory.latest().reject(undefined);
    await tick();
    expect(snap().status).toBe('active');
    expect(snap().matches({ category: 'failed' })).toBe(true);
    expect(logError).toHaveBeenCalledWith({ error: undefined, during: 'getCategory' });
  });

  it('retrying a failed list loads it (busy meanwhile)', async () => {
    const { actor, catalog, snap } = startCatalog();
    catalog.listCategories.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    actor.send({ type: 'catalog.list.retry' });
    expect(snap().matches({ list: 'loading' })).toBe(true);
    expect(snap().hasTag('busy')).toBe(true);
    catalog.listCategories.latest().resolve([tenis]);
    await tick();
    expect(snap().matches({ list: 'loaded' })).toBe(true);
    expect(snap().context.categories).toEqual([tenis]);
  });
});

describe('catalogMachine (mutation run): a prerendered page', () => {
  const startPrerendered = startCatalog;

  it('a page without a category (home, explore) starts from its snapshot, nothing on screen for a category', () => {
    const { catalog, snap } = startPrerendered({ categories: [jaquetas] });
    expect(snap().value).toEqual({ list: 'prerendered', category: 'idle', product: 'idle', pages: 'idle' });
    expect(snap().context).toEqual({
      categories: [jaquetas],
      categoryId: null,
      category: null,
      productId: null,
      product: null,
      more: [],
      after: undefined,
    });
    expect(catalog.listCategories.calls).toHaveLength(0);
  });

  it('a failed refresh is logged and keeps the snapshot; a retry reads the live list again', async () => {
    const { actor, catalog, logError, snap } = startPrerendered({ categories: [jaquetas] });
    actor.send({ type: 'catalog.refresh' });
    const unavailable = new CatalogUnavailableError('offline');
    catalog.listCategories.latest().reject(unavailable);
    await tick();
    expect(snap().value).toEqual({ list: 'stale', category: 'idle', product: 'idle', pages: 'idle' });
    expect(snap().context.categories).toEqual([jaquetas]);
    expect(logError).toHaveBeenCalledWith({ error: unavailable, during: 'listCategories' });

    actor.send({ type: 'catalog.list.retry' });
    expect(snap().value).toEqual({ list: 'refreshing', category: 'idle', product: 'idle', pages: 'idle' });
    expect(catalog.listCategories.calls).toHaveLength(2);
    catalog.listCategories.latest().resolve([jaquetas, tenis]);
    await tick();
    expect(snap().value).toEqual({ list: 'loaded', category: 'idle', product: 'idle', pages: 'idle' });
    expect(snap().context.categories).toEqual([jaquetas, tenis]);
  });
});

describe('catalogMachine (mutation run): what the shopper is told, and the machine on its own', () => {
  it('the failed list says so in Portuguese; a read may take 8 s; pages past the preview hold 48 products', () => {
    expect(CATALOG_FAILED_MESSAGE).toBe('Não foi possível carregar as categorias.');
    expect(CATALOG_TIMEOUT_MS).toBe(8000);
    expect(CATEGORY_PAGE_SIZE).toBe(48);
  });

  it('without a port provided, it lists no category, finds no product, reads no page and fails a category', async () => {
    const preview = { ...jaquetas, productCount: 5 };
    const actor = createActor(catalogMachine, { input: { categories: [], category: preview } }).start();
    await tick();
    expect(actor.getSnapshot().value).toEqual({ list: 'loaded', category: 'idle', product: 'idle', pages: 'idle' });
    actor.send({ type: 'catalog.category.more' });
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'nada' });
    await tick();
    expect(actor.getSnapshot().value).toEqual({
      list: 'loaded',
      category: 'idle',
      product: 'notFound',
      pages: 'complete',
    });
    expect(actor.getSnapshot().context).toEqual({
      categories: [],
      categoryId: 'jaquetas',
      category: preview,
      productId: 'nada',
      product: null,
      more: [],
      after: undefined,
    });
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    await tick();
    expect(actor.getSnapshot().value).toEqual({
      list: 'loaded',
      category: 'failed',
      product: 'notFound',
      pages: 'idle',
    });
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

describe('catalogMachine (mutation run): reads out of time', () => {
  const late = (during: string) => ({ error: new Error('no answer in 8000 ms'), during });

  it('each read with no answer in 8 s is logged with what it was', async () => {
    const { actor, catalog, logError, clock, snap } = startCatalog();
    clock.increment(7_999);
    expect(snap().matches({ list: 'loading' })).toBe(true);
    clock.increment(1);
    expect(snap().matches({ list: 'failed' })).toBe(true);
    expect(logError.mock.calls).toEqual([[late('listCategories')]]);

    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    clock.increment(8_000);
    expect(snap().matches({ category: 'failed' })).toBe(true);
    expect(logError).toHaveBeenLastCalledWith(late('getCategory'));

    actor.send({ type: 'catalog.product.show', id: 'p9' });
    expect(catalog.getProduct.calls.map((call) => call.args)).toEqual([['p9']]);
    clock.increment(8_000);
    expect(snap().matches({ product: 'failed' })).toBe(true);
    expect(logError).toHaveBeenLastCalledWith(late('getProduct'));

    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    catalog.getCategory.latest().resolve({ ...tenis, productCount: 3 });
    await tick();
    actor.send({ type: 'catalog.category.more' });
    clock.increment(8_000);
    expect(snap().matches({ pages: 'failed' })).toBe(true);
    expect(logError).toHaveBeenLastCalledWith(late('listCategoryProducts'));
    expect(logError).toHaveBeenCalledTimes(4);
  });

  it('a refresh with no answer in 8 s keeps the snapshot, logged', () => {
    const { actor, logError, clock, snap } = startCatalog({ categories: [jaquetas] });
    actor.send({ type: 'catalog.refresh' });
    clock.increment(8_000);
    expect(snap().matches({ list: 'stale' })).toBe(true);
    expect(snap().context.categories).toEqual([jaquetas]);
    expect(logError.mock.calls).toEqual([[late('listCategories')]]);
  });
});

describe('catalogMachine (mutation run): a product read alone once the list has settled', () => {
  const alone: ProductInCategory = {
    product: { id: 'p9', name: 'Jaqueta Nova', imageUrl: '/images/p9.webp', price: 250.5 },
    category: jaquetas,
    related: [],
  };
  const other: ProductInCategory = {
    product: { id: 'p8', name: 'Jaqueta Velha', imageUrl: '/images/p8.webp', price: 120 },
    category: jaquetas,
    related: [],
  };

  it('a prerendered page waits for its refresh before reading alone a product its snapshot lacks', async () => {
    const { actor, catalog, snap } = startCatalog({ categories: [jaquetas] });
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    expect(snap().matches({ product: 'waiting' })).toBe(true);
    actor.send({ type: 'catalog.refresh' });
    expect(catalog.getProduct.calls).toHaveLength(0);
    catalog.listCategories.latest().resolve([jaquetas, tenis]);
    await tick();
    expect(catalog.getProduct.calls.map((call) => call.args)).toEqual([['p9']]);
  });

  it('a failed refresh (stale list) reads it alone', async () => {
    const { actor, catalog, snap } = startCatalog({ categories: [jaquetas] });
    actor.send({ type: 'catalog.refresh' });
    catalog.listCategories.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    expect(snap().matches({ product: 'loading' })).toBe(true);
    expect(catalog.getProduct.calls.map((call) => call.args)).toEqual([['p9']]);
  });

  it('a failed first list reads it alone, whether the product was asked for before or after', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    expect(snap().matches({ product: 'waiting' })).toBe(true);
    catalog.listCategories.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    expect(snap().matches({ product: 'loading' })).toBe(true);
    catalog.getProduct.latest().resolve(alone);
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'p8' });
    expect(snap().matches({ product: 'loading' })).toBe(true);
    expect(catalog.getProduct.calls.map((call) => call.args)).toEqual([['p9'], ['p8']]);
  });

  /** The list loaded, product p9 read alone and shown, then asked for again: on screen while it is read again. */
  async function showingAloneReadAgain() {
    const started = startCatalog();
    started.catalog.listCategories.latest().resolve([tenis]);
    await tick();
    started.actor.send({ type: 'catalog.product.show', id: 'p9' });
    started.catalog.getProduct.latest().resolve(alone);
    await tick();
    started.actor.send({ type: 'catalog.product.show', id: 'p9' });
    expect(started.snap().context.product).toEqual(alone);
    return started;
  }

  it('a product kept on screen while it is read again is dropped once the read finds nothing', async () => {
    const { catalog, snap } = await showingAloneReadAgain();
    catalog.getProduct.latest().resolve(null);
    await tick();
    expect(snap().matches({ product: 'notFound' })).toBe(true);
    expect(snap().context.product).toBeNull();
  });

  it('another product is not shown while it is read; the same one again stays on screen', async () => {
    const { actor, catalog, snap } = await showingAloneReadAgain();
    catalog.getProduct.latest().resolve(alone);
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'p8' });
    expect(snap().context.product).toBeNull();
    catalog.getProduct.latest().resolve(other);
    await tick();
    expect(snap().context.product).toEqual(other);
    expect(snap().matches({ product: 'loaded' })).toBe(true);
  });
});

describe('catalogMachine (mutation run): pages past the preview', () => {
  it('a category page with no category yet lists nothing', () => {
    expect(categoryProductsOf({ category: null, more: [] })).toEqual([]);
  });

  const items = (count: number, prefix: string): Product[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `${prefix}-${index}`,
      name: `Produto ${prefix} ${index}`,
      imageUrl: `/images/${prefix}-${index}.webp`,
      price: 10 + index,
    }));

  it('the first read of a long preview asks for at most 100 products', async () => {
    const { actor, catalog } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'camisas' });
    catalog.getCategory.latest().resolve({ ...jaquetas, id: 'camisas', products: items(60, 'c'), productCount: 500 });
    await tick();
    actor.send({ type: 'catalog.category.more' });
    // Strictly: the first read names no position at all (not even `after: undefined`).
    expect(catalog.listCategoryProducts.calls.map((call) => call.args)).toStrictEqual([['camisas', { limit: 100 }]]);
  });

  it('a category without a count is whole: nothing is read past its list', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    catalog.getCategory.latest().resolve(jaquetas);
    await tick();
    actor.send({ type: 'catalog.category.more' });
    expect(snap().matches({ pages: 'complete' })).toBe(true);
    expect(catalog.listCategoryProducts.calls).toHaveLength(0);
  });

  it('a page that ends at position 0 is followed by a read after 0', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'camisas' });
    catalog.getCategory.latest().resolve({ ...jaquetas, id: 'camisas', products: [], productCount: 2 });
    await tick();
    actor.send({ type: 'catalog.category.more' });
    const [first, second] = items(2, 'c');
    catalog.listCategoryProducts.latest().resolve({ products: [first!], nextAfter: 0 });
    await tick();
    expect(snap().context.after).toBe(0);
    actor.send({ type: 'catalog.category.more' });
    catalog.listCategoryProducts.latest().resolve({ products: [second!], nextAfter: null });
    await tick();
    expect(catalog.listCategoryProducts.calls.map((call) => call.args)).toEqual([
      ['camisas', { limit: 48 }],
      ['camisas', { after: 0, limit: 48 }],
    ]);
    expect(snap().context.more).toEqual(items(2, 'c'));
    expect(snap().matches({ pages: 'complete' })).toBe(true);
  });

  it('a port of the two category reads only: no product is read alone, no page past the list', async () => {
    const catalog = fakeCatalog();
    const port = { listCategories: catalog.port.listCategories, getCategory: catalog.port.getCategory };
    const actor = createActor(catalogMachine.provide({ actors: createCatalogActors({ catalog: port }) })).start();
    catalog.listCategories.latest().resolve([]);
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    actor.send({ type: 'catalog.category.show', id: 'camisas' });
    catalog.getCategory.latest().resolve({ ...jaquetas, id: 'camisas', productCount: 3 });
    await tick();
    actor.send({ type: 'catalog.category.more' });
    await tick();
    expect(actor.getSnapshot().value).toEqual({
      list: 'loaded',
      category: 'loaded',
      product: 'notFound',
      pages: 'complete',
    });
    expect(actor.getSnapshot().context.more).toEqual([]);
  });
});
