// catalogMachine (src/machines/catalogMachine.ts) is the UI's catalog loader; its unit tests live beside the UI.
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Category } from '../../src/domain';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { CatalogUnavailableError, type CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { catalogMachine, createCatalogActors } from '../../src/machines/catalogMachine';
import { controllable } from '../support/fakes/controllable';
import { aCategory } from '../support/builders';

function start(catalog: CatalogPort) {
  const logError = vi.fn();
  const actor = createActor(
    catalogMachine.provide({ actors: createCatalogActors({ catalog }), actions: { logError: (_, p) => logError(p) } }),
  ).start();
  return { actor, logError };
}

describe('catalogMachine', () => {
  it('loads the list on start', async () => {
    const categories = [aCategory().withId('jackets').build(), aCategory().withId('hats').build()];
    const { actor } = start(memoryCatalog(categories));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    const s = await waitFor(actor, (snap) => snap.matches({ list: 'loaded' }));
    expect(s.context.categories.map((c) => c.id)).toEqual(['jackets', 'hats']);
  });

  it('a failing list is logged, and catalog.list.retry loads again', async () => {
    const list = controllable<[], Category[]>();
    const { actor, logError } = start({ listCategories: list.fn, getCategory: async () => aCategory().build() });
    list.latest().reject(new CatalogUnavailableError('offline'));
    await waitFor(actor, (s) => s.matches({ list: 'failed' }));
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'listCategories' }));
    actor.send({ type: 'catalog.list.retry' });
    expect(list.calls).toHaveLength(2);
    list.latest().resolve([aCategory().withId('a').build()]);
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
  });

  it('shows a category from the list at once, then the fresh read replaces it', async () => {
    const listed = aCategory({ displayName: 'Jaquetas (lista)' }).withId('jackets').build();
    const fresh = { ...listed, displayName: 'Jaquetas' };
    const get = controllable<[string], Category>();
    const { actor } = start({ listCategories: async () => [listed], getCategory: get.fn });
    await waitFor(actor, (s) => s.matches({ list: 'loaded' }));
    actor.send({ type: 'catalog.category.show', id: 'jackets' });
    expect(actor.getSnapshot().context.category?.displayName).toBe('Jaquetas (lista)');
    expect(get.latest().args).toEqual(['jackets']);
    get.latest().resolve(fresh);
    const s = await waitFor(actor, (snap) => snap.matches({ category: 'loaded' }));
    expect(s.context.category?.displayName).toBe('Jaquetas');
  });

  it('an unknown id is notFound (not logged); another error is failed (logged)', async () => {
    const { actor, logError } = start(memoryCatalog([aCategory().withId('jackets').build()]));
    actor.send({ type: 'catalog.category.show', id: 'nope' });
    await waitFor(actor, (s) => s.matches({ category: 'notFound' }));
    expect(logError).not.toHaveBeenCalled();

    const broken = start({
      listCategories: async () => [],
      getCategory: async () => {
        throw new CatalogUnavailableError('offline');
      },
    });
    broken.actor.send({ type: 'catalog.category.show', id: 'jackets' });
    await waitFor(broken.actor, (s) => s.matches({ category: 'failed' }));
    expect(broken.logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'getCategory' }));
  });

  it('a newer request wins: the answer for an id the shopper left is dropped', async () => {
    const get = controllable<[string], Category>();
    const { actor } = start({ listCategories: async () => [], getCategory: get.fn });
    actor.send({ type: 'catalog.category.show', id: 'jackets' });
    actor.send({ type: 'catalog.category.show', id: 'hats' });
    get.calls[0]!.resolve(aCategory().withId('jackets').build());
    get.calls[1]!.resolve(aCategory().withId('hats').build());
    const s = await waitFor(actor, (snap) => snap.matches({ category: 'loaded' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().context.category?.id).toBe('hats');
    expect(s.context.categoryId).toBe('hats');
  });
});
