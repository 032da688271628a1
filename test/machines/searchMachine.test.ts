import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import * as searchIndexModule from '../../src/domain/searchIndex';
import type { Category } from '../../src/domain';
import {
  createSearchActors,
  SEARCH_DEBOUNCE_MS,
  searchMachine,
  type SearchIndexModule,
} from '../../src/machines/searchMachine';
import { aCategory, aProduct } from '../support/builders';
import { codedError, controllable, tick } from '../support/fakes/controllable';

const product = (id: string, name: string) => aProduct({ id, name }).build();
const jaquetas = aCategory({ id: 'jaquetas', displayName: 'Jaquetas' })
  .withProducts([product('j1', 'Jaqueta de Couro Preta'), product('j2', 'Blazer Bege')])
  .build();
const tenis = aCategory({ id: 'tenis', displayName: 'Tênis' })
  .withProducts([product('t1', 'Tênis Casual Branco')])
  .build();

/** The production actors over a controllable loader of the index chunk, and a counting index builder. */
function startSearch({ catalog = [jaquetas] as Category[] | null } = {}) {
  const clock = new SimulatedClock();
  const loader = controllable<[], SearchIndexModule>('loadIndexModule');
  const builds: Category[][] = [];
  const counted: SearchIndexModule = {
    ...searchIndexModule,
    buildSearchIndex: (categories) => (builds.push([...categories]), searchIndexModule.buildSearchIndex(categories)),
  };
  const logError = vi.fn();
  const actor = createActor(
    searchMachine.provide({
      actors: createSearchActors({ loadIndexModule: loader.fn }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { clock },
  ).start();
  if (catalog) actor.send({ type: 'search.catalog.loaded', categories: catalog });
  const answer = async () => {
    loader.latest().resolve(counted);
    await tick();
  };
  const names = () => actor.getSnapshot().context.results.map((p) => p.name);
  return { actor, clock, loader, builds, logError, answer, names, snap: () => actor.getSnapshot() };
}

describe('searchMachine', () => {
  it('waits for a pause in typing: nothing just before SEARCH_DEBOUNCE_MS, the search at it, then the results', async () => {
    const { actor, clock, loader, answer, names, snap } = startSearch();
    actor.send({ type: 'search.type', query: 'jaq' });
    expect(snap().value).toBe('debouncing');
    expect(snap().hasTag('busy')).toBe(true);
    clock.increment(SEARCH_DEBOUNCE_MS - 1);
    expect(loader.calls).toHaveLength(0);
    clock.increment(1);
    expect(snap().value).toBe('searching');
    expect(loader.calls).toHaveLength(1);
    await answer();
    expect(snap().value).toBe('results');
    expect(snap().hasTag('busy')).toBe(false);
    expect(names()).toEqual(['Jaqueta de Couro Preta', 'Blazer Bege']);
    expect(snap().context.resultsFor).toBe('jaq');
  });

  it('a burst of keystrokes is one search, for the last text', async () => {
    const { actor, clock, loader, answer, snap } = startSearch();
    for (const query of ['j', 'ja', 'jaq']) {
      actor.send({ type: 'search.type', query });
      clock.increment(SEARCH_DEBOUNCE_MS - 1);
    }
    expect(loader.calls).toHaveLength(0);
    clock.increment(1);
    await answer();
    expect(loader.calls).toHaveLength(1);
    expect(snap().context.resultsFor).toBe('jaq');
  });

  it('Enter searches at once, without the debounce', async () => {
    const { actor, loader, answer, snap } = startSearch();
    actor.send({ type: 'search.submit', query: 'blazer' });
    expect(snap().value).toBe('searching');
    expect(loader.calls).toHaveLength(1);
    await answer();
    expect(snap().context.results.map((p) => p.id)).toEqual(['j2']);
  });

  it('nothing found → empty', async () => {
    const { actor, answer, snap } = startSearch();
    actor.send({ type: 'search.submit', query: 'xyzxyz' });
    await answer();
    expect(snap().value).toBe('empty');
    expect(snap().context.results).toEqual([]);
    expect(snap().context.resultsFor).toBe('xyzxyz');
  });

  it('blank: typing spaces searches nothing and shows no hint; Enter on it shows the hint', () => {
    const { actor, clock, loader, snap } = startSearch();
    actor.send({ type: 'search.type', query: '   ' });
    expect(snap().value).toBe('idle');
    clock.increment(1_000);
    expect(loader.calls).toHaveLength(0);
    actor.send({ type: 'search.submit', query: '   ' });
    expect(snap().value).toBe('blank');
    expect(snap().hasTag('hint')).toBe(true);
    actor.send({ type: 'search.submit', query: '' });
    expect(snap().hasTag('hint')).toBe(true);
    expect(loader.calls).toHaveLength(0);
    actor.send({ type: 'search.type', query: 'j' });
    expect(snap().hasTag('hint')).toBe(false);
  });

  it('keeps at most 100 characters of what is typed', () => {
    const { actor, snap } = startSearch();
    actor.send({ type: 'search.type', query: 'x'.repeat(250) });
    expect(snap().context.query).toBe('x'.repeat(100));
  });

  it('Esc empties the query and the results', async () => {
    const { actor, answer, snap } = startSearch();
    actor.send({ type: 'search.submit', query: 'jaq' });
    await answer();
    actor.send({ type: 'search.escape' });
    expect(snap().value).toBe('idle');
    expect(snap().context).toMatchObject({ query: '', results: [], resultsFor: '' });
  });

  it('before the catalog is known a due search waits for it, then runs on it', async () => {
    const { actor, clock, loader, answer, names, snap } = startSearch({ catalog: null });
    actor.send({ type: 'search.type', query: 'tenis' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    expect(snap().value).toBe('waitingForCatalog');
    expect(snap().hasTag('busy')).toBe(true);
    expect(loader.calls).toHaveLength(0);
    actor.send({ type: 'search.catalog.loaded', categories: [jaquetas, tenis] });
    expect(snap().value).toBe('searching');
    await answer();
    expect(names()).toEqual(['Tênis Casual Branco']);
  });

  it('a catalog that cannot be read fails the waiting search; a later catalog runs it', async () => {
    const { actor, answer, names, snap } = startSearch({ catalog: null });
    actor.send({ type: 'search.submit', query: 'tenis' });
    actor.send({ type: 'search.catalog.failed' });
    expect(snap().value).toBe('failed');
    // Still no catalog: Enter again fails at once instead of waiting forever.
    actor.send({ type: 'search.submit', query: 'tenis' });
    expect(snap().value).toBe('failed');
    actor.send({ type: 'search.catalog.loaded', categories: [tenis] });
    expect(snap().value).toBe('searching');
    await answer();
    expect(names()).toEqual(['Tênis Casual Branco']);
  });

  it('the live catalog replaces the snapshot: the results on screen are searched again, on a new index', async () => {
    const { actor, answer, builds, names, snap } = startSearch({ catalog: [jaquetas] });
    actor.send({ type: 'search.submit', query: 'tenis' });
    await answer();
    expect(snap().value).toBe('empty');
    actor.send({ type: 'search.catalog.loaded', categories: [jaquetas, tenis] });
    expect(snap().value).toBe('searching');
    await answer();
    expect(snap().value).toBe('results');
    expect(names()).toEqual(['Tênis Casual Branco']);
    expect(builds.map((b) => b.map((c) => c.id))).toEqual([['jaquetas'], ['jaquetas', 'tenis']]);
  });

  it('builds the index once per catalog, not per search', async () => {
    const { actor, answer, builds } = startSearch();
    for (const query of ['jaq', 'blazer', 'couro']) {
      actor.send({ type: 'search.submit', query });
      await answer();
    }
    expect(builds).toHaveLength(1);
  });

  it('a catalog arriving mid-search restarts it; the abandoned answer never shows', async () => {
    const { actor, loader, answer, names, snap } = startSearch({ catalog: [jaquetas] });
    actor.send({ type: 'search.submit', query: 'tenis' });
    const abandoned = loader.latest();
    actor.send({ type: 'search.catalog.loaded', categories: [jaquetas, tenis] });
    expect(loader.calls).toHaveLength(2);
    abandoned.resolve(searchIndexModule);
    await tick();
    expect(snap().value).toBe('searching');
    await answer();
    expect(names()).toEqual(['Tênis Casual Branco']);
  });

  it('the search code failing to load is logged and failed; typing again retries', async () => {
    const { actor, clock, loader, logError, answer, snap } = startSearch();
    actor.send({ type: 'search.submit', query: 'jaq' });
    loader.latest().reject(codedError('chunk/load-failed'));
    await tick();
    expect(snap().value).toBe('failed');
    expect(logError).toHaveBeenCalledWith(expect.objectContaining({ during: 'searchCatalog' }));
    actor.send({ type: 'search.type', query: 'jaqu' });
    clock.increment(SEARCH_DEBOUNCE_MS);
    await answer();
    expect(snap().value).toBe('results');
  });
});
