// catalogMachine behaviour the mutation run (npm run test:mutation) showed untested. Events in; state, tags,
// port calls and the category on screen out, compared with categories written here.
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Category } from '../../src/domain';
import { catalogMachine, createCatalogActors } from '../../src/machines/catalogMachine';
import { CatalogUnavailableError, CategoryNotFoundError } from '../../src/adapters/catalog/catalogPort';
import { fakeCatalog } from '../support/fakes/fakePorts';
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

/** The production machine over a controllable port; `input` starts it from a prerendered snapshot. */
function startCatalog(input?: { categories: Category[]; category?: Category | null }) {
  const catalog = fakeCatalog();
  const logError = vi.fn();
  const actor = createActor(
    catalogMachine.provide({
      actors: createCatalogActors({ catalog: catalog.port }),
      actions: { logError: (_, params) => logError(params) },
    }),
    input ? { input } : undefined,
  ).start();
  return { actor, catalog, logError, snap: () => actor.getSnapshot() };
}

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
