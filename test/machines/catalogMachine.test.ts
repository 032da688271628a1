import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { catalogMachine, createCatalogActors } from '../../src/machines/catalogMachine';
import { CatalogUnavailableError, CategoryNotFoundError } from '../../src/adapters/catalog/port';
import { aCategory } from '../support/builders';
import { fakeCatalog } from '../support/fakes/ports';
import { tick } from '../support/fakes/controllable';

function startCatalog() {
  const catalog = fakeCatalog();
  const logError = vi.fn();
  const actor = createActor(
    catalogMachine.provide({ actors: createCatalogActors({ catalog: catalog.port }), actions: { logError: (_, p) => logError(p) } }),
  ).start();
  return { actor, catalog, logError, snap: () => actor.getSnapshot() };
}

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
