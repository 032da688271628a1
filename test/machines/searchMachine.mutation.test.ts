// searchMachine behaviour the mutation run (npm run test:mutation) showed untested. Events in; state, results and
// what the results page reads out, written here by hand.
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Category } from '../../src/domain';
import { createSearchActors, searchMachine } from '../../src/machines/searchMachine';
import { selectSearchQuery } from '../../src/ui/selectors';

const bota = { id: 'bota-couro', name: 'Bota de Couro', imageUrl: '/images/bota-couro.webp', price: 250 };
const bone = { id: 'bone-branco', name: 'Boné Branco', imageUrl: '/images/bone-branco.webp', price: 59.9 };
const catalog: Category[] = [
  { id: 'calcados', name: 'shoes', displayName: 'Calçados', imageUrl: '/images/calcados.webp', products: [bota] },
  { id: 'bones', name: 'hats', displayName: 'Bonés', imageUrl: '/images/bones.webp', products: [bone] },
];

describe('searchMachine (mutation run)', () => {
  it('the production actors load the real index module when none is passed in', async () => {
    const actor = createActor(searchMachine.provide({ actors: createSearchActors() })).start();
    actor.send({ type: 'search.catalog.loaded', categories: catalog });
    actor.send({ type: 'search.submit', query: 'bota' });
    const done = await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 5000 });
    expect(done.value).toBe('results');
    expect(done.context.results).toEqual([bota]);
    expect(done.context.resultsFor).toBe('bota');
  });

  it('the results page reads the query as typed (spaces kept, cut to 100 characters)', () => {
    const actor = createActor(searchMachine).start();
    expect(selectSearchQuery(actor.getSnapshot())).toBe('');
    actor.send({ type: 'search.type', query: ' bota ' });
    expect(selectSearchQuery(actor.getSnapshot())).toBe(' bota ');
    actor.send({ type: 'search.type', query: 'b'.repeat(120) });
    expect(selectSearchQuery(actor.getSnapshot())).toBe('b'.repeat(100));
  });

  it('starts with nothing typed, no catalog, no results, nothing partial', () => {
    const actor = createActor(searchMachine).start();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toEqual({
      query: '',
      catalog: null,
      catalogFailed: false,
      results: [],
      resultsFor: '',
      committed: false,
      partial: false,
    });
  });

  it('typing a blank query over results clears them', async () => {
    const actor = createActor(searchMachine.provide({ actors: createSearchActors() })).start();
    actor.send({ type: 'search.catalog.loaded', categories: catalog });
    actor.send({ type: 'search.submit', query: 'bota' });
    await waitFor(actor, (s) => s.matches('results'), { timeout: 5000 });
    actor.send({ type: 'search.type', query: '  ' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ query: '  ', results: [], resultsFor: '' });
  });

  it('a catalog failure reported while idle, with no catalog known, makes the next Enter fail at once', () => {
    const actor = createActor(searchMachine).start();
    actor.send({ type: 'search.catalog.failed' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'search.submit', query: 'bota' });
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('a failed live read after the snapshot arrived does not stop searches on the snapshot', async () => {
    const actor = createActor(searchMachine.provide({ actors: createSearchActors() })).start();
    actor.send({ type: 'search.catalog.loaded', categories: catalog });
    actor.send({ type: 'search.catalog.failed' });
    actor.send({ type: 'search.submit', query: 'bone' });
    expect(actor.getSnapshot().value).toBe('searching');
    const done = await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 5000 });
    expect(done.value).toBe('results');
    expect(done.context.results).toEqual([bone]);
  });

  it('a fresher catalog arriving while results are shown searches it again', async () => {
    const actor = createActor(searchMachine.provide({ actors: createSearchActors() })).start();
    actor.send({ type: 'search.catalog.loaded', categories: [catalog[0]!] });
    actor.send({ type: 'search.submit', query: 'bo' });
    expect((await waitFor(actor, (s) => s.matches('results'), { timeout: 5000 })).context.results).toEqual([bota]);
    actor.send({ type: 'search.catalog.loaded', categories: catalog });
    expect(actor.getSnapshot().value).toBe('searching');
    const done = await waitFor(actor, (s) => s.matches('results'), { timeout: 5000 });
    expect(done.context.results.map((p) => p.id).sort()).toEqual(['bone-branco', 'bota-couro']);
  });
});
