import { describe, expect, it } from 'vitest';
import { CatalogUnavailableError, CategoryNotFoundError } from '../../src/adapters/catalog/catalogPort';
import type { Category } from '../../src/domain';
import { aCategory } from '../support/builders';
import { startCatalog } from './support/startCatalog';
import { tick } from '../support/fakes/controllable';

const jaquetas = aCategory().withId('jaquetas').build();
const tenis = aCategory().withId('tenis').build();

describe('catalogMachine', () => {
  it('loads the category list once on start (busy until then)', async () => {
    const { catalog, snap } = startCatalog();
    expect(snap().hasTag('busy')).toBe(true);
    catalog.listCategories.latest().resolve([jaquetas, tenis]);
    await tick();
    expect(snap().context.categories).toEqual([jaquetas, tenis]);
    expect(snap().hasTag('busy')).toBe(false);
    expect(catalog.listCategories.calls).toHaveLength(1);
  });

  it('a failed list is logged and can be retried', async () => {
    const { actor, catalog, snap, logError } = startCatalog();
    catalog.listCategories.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    expect(snap().matches({ list: 'failed' })).toBe(true);
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'listCategories' }));
    actor.send({ type: 'catalog.list.retry' });
    expect(catalog.listCategories.calls).toHaveLength(2);
  });

  it('shows a listed category at once, then the fresh read; the list is not fetched again', async () => {
    const { actor, catalog, snap } = startCatalog();
    catalog.listCategories.latest().resolve([jaquetas, tenis]);
    await tick();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    expect(snap().context.category).toEqual(jaquetas);
    expect(catalog.getCategory.latest().args).toEqual(['jaquetas']);
    const fresh = { ...jaquetas, displayName: 'Jaquetas (nova)' };
    catalog.getCategory.latest().resolve(fresh);
    await tick();
    expect(snap().matches({ category: 'loaded' })).toBe(true);
    expect(snap().context.category).toEqual(fresh);
    expect(catalog.listCategories.calls).toHaveLength(1);
    expect(snap().matches({ list: 'loaded' })).toBe(true);
  });

  it('an unknown id is "not found" (not logged); other errors are logged', async () => {
    const { actor, catalog, snap, logError } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'nada' });
    catalog.getCategory.latest().reject(new CategoryNotFoundError('nada'));
    await tick();
    expect(snap().matches({ category: 'notFound' })).toBe(true);
    expect(logError).not.toHaveBeenCalled();
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    catalog.getCategory.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    expect(snap().matches({ category: 'failed' })).toBe(true);
    expect(logError).toHaveBeenCalledTimes(1);
  });

  it('ignores the answer for a category the shopper already left', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.category.show', id: 'jaquetas' });
    actor.send({ type: 'catalog.category.show', id: 'tenis' });
    catalog.getCategory.calls[0]!.resolve(jaquetas);
    await tick();
    expect(snap().context.categoryId).toBe('tenis');
    expect(snap().context.category).toBeNull();
    catalog.getCategory.latest().resolve(tenis);
    await tick();
    expect(snap().context.category).toEqual(tenis);
  });
});

describe('catalogMachine: a product no category preview holds', () => {
  const shown = { id: 'p1', name: 'Jaqueta Um', imageUrl: '/images/p1.svg', price: 100 };
  const alone = { id: 'p9', name: 'Jaqueta Nova', imageUrl: '/images/p9.svg', price: 250.5 };
  const preview: Category = { ...jaquetas, products: [shown] };
  // What getProduct answers for p9: the product, its category document, the preview's first products.
  const p9 = { product: alone, category: preview, related: [shown] };

  it('a listed product is not read alone', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.product.show', id: 'p1' });
    catalog.listCategories.latest().resolve([preview]);
    await tick();
    expect(catalog.getProduct.calls).toHaveLength(0);
    expect(snap().context.product).toEqual({ product: shown, category: preview, related: [] });
  });

  it('waits for the list, then reads a product it does not hold, once', async () => {
    const { actor, catalog, snap } = startCatalog();
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    expect(catalog.getProduct.calls).toHaveLength(0);
    catalog.listCategories.latest().resolve([preview]);
    await tick();
    expect(catalog.getProduct.calls.map((c) => c.args)).toEqual([['p9']]);
    catalog.getProduct.latest().resolve(p9);
    await tick();
    expect(snap().context.product).toEqual(p9);
    expect(snap().matches({ product: 'loaded' })).toBe(true);
  });

  it('a page rendered on request keeps its product when the live list no longer has it, and reads it alone', async () => {
    // The backend's snapshot: the product's category with the product in it.
    const { actor, catalog, snap } = startCatalog({ categories: [{ ...preview, products: [shown, alone] }] });
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    actor.send({ type: 'catalog.refresh' });
    catalog.listCategories.latest().resolve([preview]);
    await tick();
    expect(snap().context.product?.product).toEqual(alone); // still on screen while it is read
    expect(catalog.getProduct.calls.map((c) => c.args)).toEqual([['p9']]);
    const renamed = { ...p9, product: { ...alone, name: 'Jaqueta Nova 2' } };
    catalog.getProduct.latest().resolve(renamed);
    await tick();
    expect(snap().context.product).toEqual(renamed);
  });

  it('an unknown id answers null: not found, nothing kept', async () => {
    const { actor, catalog, snap, logError } = startCatalog();
    catalog.listCategories.latest().resolve([preview]);
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'nada' });
    catalog.getProduct.latest().resolve(null);
    await tick();
    expect(snap().matches({ product: 'notFound' })).toBe(true);
    expect(snap().context.product).toBeNull();
    expect(logError).not.toHaveBeenCalled();
  });

  it('a failed read is logged and retried on request; no answer in 8 s is a failure too', async () => {
    const { actor, catalog, snap, logError, clock } = startCatalog();
    catalog.listCategories.latest().resolve([preview]);
    await tick();
    actor.send({ type: 'catalog.product.show', id: 'p9' });
    catalog.getProduct.latest().reject(new CatalogUnavailableError('offline'));
    await tick();
    expect(snap().matches({ product: 'failed' })).toBe(true);
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'getProduct' }));
    actor.send({ type: 'catalog.product.retry' });
    expect(catalog.getProduct.calls).toHaveLength(2);
    clock.increment(7_999);
    expect(snap().matches({ product: 'loading' })).toBe(true);
    clock.increment(1);
    expect(snap().matches({ product: 'failed' })).toBe(true);
    expect(logError).toHaveBeenCalledTimes(2);
    catalog.getProduct.latest().resolve(p9); // too late: ignored
    await tick();
    expect(snap().context.product).toBeNull();
  });
});
