// The search machine over a catalog larger than what the storefront holds: the backend answers, at once for a
// keystroke into a still field and after a pause within a burst; stale requests are cancelled; a failing backend
// (offline) falls back on the products held, marked partial.
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import * as searchIndexModule from '../../src/domain/searchIndex';
import type { Category, Product } from '../../src/domain';
import { SearchUnavailableError, type SearchOptions } from '../../src/adapters/search/searchPort';
import {
  createSearchActors,
  REMOTE_SEARCH_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  searchMachine,
  type SearchIndexModule,
} from '../../src/machines/searchMachine';
import { aCategory, aProduct } from '../support/builders';
import { controllable, tick } from '../support/fakes/controllable';

const product = (id: string, name: string) => aProduct({ id, name }).build();
const casual = product('t1', 'Tênis Casual Branco');
const esportivo = product('t2', 'Tênis Esportivo Azul');
/** The first page of a category of 500 sneakers: the storefront holds one. */
const firstPage = {
  ...aCategory({ id: 'tenis', displayName: 'Tênis' }).withProducts([casual]).build(),
  productCount: 500,
} as Category;
/** The same category held whole (its count equals what is listed). */
const whole = { ...firstPage, productCount: 1 } as Category;

function startSearch(catalog: Category[]) {
  const clock = new SimulatedClock();
  const loader = controllable<[], SearchIndexModule>('loadIndexModule');
  const backend = controllable<[string, SearchOptions?], Product[]>('backend.search');
  const logError = vi.fn();
  const actor = createActor(
    searchMachine.provide({
      actors: createSearchActors({ loadIndexModule: loader.fn, backend: { search: backend.fn } }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { clock },
  ).start();
  actor.send({ type: 'search.catalog.loaded', categories: catalog });
  const snap = () => actor.getSnapshot();
  const names = () => snap().context.results.map((p) => p.name);
  return { actor, clock, loader, backend, logError, snap, names };
}

describe('searchMachine with a catalog larger than what is held', () => {
  it(`asks the backend at once for a keystroke into a still field, and shows its answer whole`, async () => {
    const { actor, loader, backend, snap, names } = startSearch([firstPage]);
    actor.send({ type: 'search.type', query: 'tenis' });
    expect(snap().value).toBe('searchingRemote');
    expect(snap().hasTag('busy')).toBe(true);
    expect(backend.calls.map((call) => call.args[0])).toEqual(['tenis']);
    backend.latest().resolve([casual, esportivo]);
    await tick();
    expect(snap().value).toBe('results');
    expect(names()).toEqual(['Tênis Casual Branco', 'Tênis Esportivo Azul']);
    expect(snap().context.partial).toBe(false);
    expect(loader.calls).toHaveLength(0);
  });

  it(`a burst of keys (key repeat, a paste) is asked for ${REMOTE_SEARCH_DEBOUNCE_MS} ms after its last key, not before`, async () => {
    const { actor, clock, backend, snap } = startSearch([firstPage]);
    actor.send({ type: 'search.type', query: 't' });
    actor.send({ type: 'search.type', query: 'te' });
    clock.increment(REMOTE_SEARCH_DEBOUNCE_MS - 10);
    actor.send({ type: 'search.type', query: 'ten' });
    clock.increment(REMOTE_SEARCH_DEBOUNCE_MS - 1);
    expect(snap().value).toBe('debouncing');
    expect(backend.calls.map((call) => call.args[0])).toEqual(['t']);
    clock.increment(1);
    expect(snap().value).toBe('searchingRemote');
    expect(backend.calls.map((call) => call.args[0])).toEqual(['t', 'ten']);
    // Its answer on screen, the field is still again: the next key is asked at once.
    backend.latest().resolve([casual]);
    await tick();
    actor.send({ type: 'search.type', query: 'teni' });
    expect(backend.calls.map((call) => call.args[0])).toEqual(['t', 'ten', 'teni']);
  });

  it('typing on cancels the running request; only the last answer is shown', async () => {
    const { actor, clock, backend, snap, names } = startSearch([firstPage]);
    actor.send({ type: 'search.type', query: 'ten' });
    clock.increment(REMOTE_SEARCH_DEBOUNCE_MS);
    const first = backend.latest();
    expect(first.args[1]?.signal?.aborted).toBe(false);
    actor.send({ type: 'search.type', query: 'tenis esp' });
    expect(first.args[1]?.signal?.aborted).toBe(true);
    clock.increment(REMOTE_SEARCH_DEBOUNCE_MS);
    const second = backend.latest();
    expect(second.args[0]).toBe('tenis esp');
    first.resolve([casual]);
    await tick();
    expect(snap().value).toBe('searchingRemote');
    second.resolve([esportivo]);
    await tick();
    expect(names()).toEqual(['Tênis Esportivo Azul']);
    expect(snap().context.resultsFor).toBe('tenis esp');
  });

  it('a backend that cannot be reached (offline) is logged, and the products held are searched, marked partial', async () => {
    const { actor, loader, backend, logError, snap, names } = startSearch([firstPage]);
    actor.send({ type: 'search.enter', query: 'tenis' });
    expect(snap().value).toBe('searchingRemote');
    const offline = new SearchUnavailableError('network', 'offline');
    backend.latest().reject(offline);
    await tick();
    expect(snap().value).toBe('searching');
    expect(logError).toHaveBeenCalledWith({ error: offline, during: 'searchRemote' });
    loader.latest().resolve(searchIndexModule);
    await tick();
    expect(snap().value).toBe('results');
    expect(names()).toEqual(['Tênis Casual Branco']);
    expect(snap().context.partial).toBe(true);
  });

  it('a catalog held whole (count equal to what is listed, or no count) is searched locally after the short pause', async () => {
    for (const catalog of [[whole], [aCategory().withProducts([casual]).build()]]) {
      const { actor, clock, loader, backend, snap } = startSearch(catalog);
      actor.send({ type: 'search.type', query: 'tenis' });
      clock.increment(SEARCH_DEBOUNCE_MS);
      expect(snap().value).toBe('searching');
      loader.latest().resolve(searchIndexModule);
      await tick();
      expect(snap().context.partial).toBe(false);
      expect(backend.calls).toHaveLength(0);
    }
  });

  it('a request running when the whole catalog arrives is cancelled and the local index answers', async () => {
    const { actor, loader, backend, snap } = startSearch([firstPage]);
    actor.send({ type: 'search.enter', query: 'tenis' });
    const request = backend.latest();
    actor.send({ type: 'search.catalog.loaded', categories: [whole] });
    expect(request.args[1]?.signal?.aborted).toBe(true);
    expect(snap().value).toBe('searching');
    loader.latest().resolve(searchIndexModule);
    await tick();
    expect(snap().value).toBe('results');
  });

  it('without a backend, a large catalog is searched locally and marked partial', async () => {
    const actor = createActor(
      searchMachine.provide({ actors: createSearchActors({ loadIndexModule: async () => searchIndexModule }) }),
    ).start();
    actor.send({ type: 'search.catalog.loaded', categories: [firstPage] });
    actor.send({ type: 'search.enter', query: 'tenis' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('results'));
    expect(actor.getSnapshot().context.partial).toBe(true);
  });
});
