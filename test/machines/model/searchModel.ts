import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import * as searchIndexModule from '../../../src/domain/searchIndex';
import type { Category, Product } from '../../../src/domain';
import { memoryNavigation } from '../../../src/adapters/navigation/memoryNavigation';
import { SearchUnavailableError, type SearchOptions, type SearchPort } from '../../../src/adapters/search/searchPort';
import {
  createSearchActors,
  createSearchNavigation,
  REMOTE_SEARCH_DEBOUNCE_MS,
  SEARCH_DEBOUNCE_MS,
  searchMachine,
  type SearchIndexModule,
} from '../../../src/machines/searchMachine';
import { codedError, controllable, tick, type Controllable } from '../../support/fakes/controllable';
import { coveringWalks, pathName, type ModelPath, type TransitionRecorder } from './modelGraph';

const product = (id: string, name: string): Product => ({ id, name, imageUrl: `/images/${id}.svg`, price: 100 });
const jaquetas: Category = {
  id: 'jaquetas',
  name: 'jackets',
  displayName: 'Jaquetas',
  imageUrl: '/images/jaquetas.svg',
  products: [product('jaqueta-couro-preta', 'Jaqueta de Couro Preta'), product('blazer-bege', 'Blazer Bege')],
};
const tenis: Category = {
  id: 'tenis',
  name: 'sneakers',
  displayName: 'Tênis',
  imageUrl: '/images/tenis.svg',
  products: [product('tenis-casual-branco', 'Tênis Casual Branco')],
};
/** Sneakers of a large catalog: the storefront holds one of the two (`productCount` says 2). */
const tenisFirstPage = { ...tenis, productCount: 2 } as Category;
const esportivo = product('tenis-esportivo-azul', 'Tênis Esportivo Azul');
/** The prerendered snapshot has no sneakers yet; the live read does: the test can tell which one was searched. */
const SNAPSHOT = [jaquetas];
const LIVE = [jaquetas, tenis];
/** A catalog larger than what the storefront holds: the backend searches it. */
const PARTIAL = [jaquetas, tenisFirstPage];
const catalogName = (c: Category[] | null) =>
  c === SNAPSHOT ? 'snapshot' : c === LIVE ? 'live' : c === PARTIAL ? 'partial' : 'none';
/** Written by hand from the definitions above: only PARTIAL has a category holding fewer products than its count. */
const isPartial = (c: Category[] | null) => c === PARTIAL;

/**
 * What a shopper should see for each catalog and term, written by hand from the catalogs above: the product's
 * own name first ("Jaqueta…" for the prefix "jaq"), then the category-only match (Blazer Bege, in Jaquetas).
 */
const EXPECTED: Record<'snapshot' | 'live' | 'partial', Record<string, string[]>> = {
  snapshot: { tenis: [], jaq: ['Jaqueta de Couro Preta', 'Blazer Bege'], xyzxyz: [] },
  live: { tenis: ['Tênis Casual Branco'], jaq: ['Jaqueta de Couro Preta', 'Blazer Bege'], xyzxyz: [] },
  // The local index over the products held (the backend failed): the second sneaker is missing.
  partial: { tenis: ['Tênis Casual Branco'], jaq: ['Jaqueta de Couro Preta', 'Blazer Bege'], xyzxyz: [] },
};
/** What the (fake) backend answers from its index of the whole catalog. */
const BACKEND: Record<string, string[]> = {
  tenis: ['Tênis Casual Branco', 'Tênis Esportivo Azul'],
  jaq: ['Jaqueta de Couro Preta', 'Blazer Bege'],
  xyzxyz: [],
};
const ALL_PRODUCTS = [...jaquetas.products, ...tenis.products, esportivo];
const backendFor = (term: string) => {
  const names = BACKEND[term];
  if (!names) throw new Error(`no backend answer for "${term}"`);
  return names;
};
const expectedFor = (catalog: Category[] | null, term: string) => {
  const table = EXPECTED[catalogName(catalog) as 'snapshot' | 'live' | 'partial'];
  const names = table?.[term];
  if (!names) throw new Error(`no expectation for "${term}" on the ${catalogName(catalog)} catalog`);
  return names;
};

const AFTER = 'xstate.after.searchDebounce.search.debouncing';
/** "jaq" and 100 spaces: 103 characters, cut to 100, whose term is "jaq". */
const ADDRESS_OVER_LIMIT = 'jaq'.padEnd(103, ' ');
const DONE = 'xstate.done.actor.searchCatalog';
const ERROR = 'xstate.error.actor.searchCatalog';
const REMOTE_DONE = 'xstate.done.actor.searchRemote';
const REMOTE_ERROR = 'xstate.error.actor.searchRemote';

// Walks that take every transition (coveringWalks in ./graph) instead of one shortest path per transition.
export const searchPaths = coveringWalks(searchMachine, {
  maxSteps: 60,
  variants: (type, snapshot) => {
    switch (type) {
      case 'search.type':
        return ['tenis', ' '].map((query) => ({ type, query }));
      case 'search.enter':
        return ['jaq', ' '].map((query) => ({ type, query }));
      // "Tentar novamente" also for a word nothing has: the backend's "nothing found".
      case 'search.submit':
        return ['jaq', ' ', 'xyzxyz'].map((query) => ({ type, query }));
      // A shared link, Back or Forward: a term, a `q` over the 100-character limit (cut to "jaq"), none.
      case 'search.address':
        return ['tenis', ADDRESS_OVER_LIMIT, ''].map((query) => ({ type, query }));
      // As createServices forwards them: the snapshot (or, without one, the live read) first, then the live
      // read (again on a retry); a failure only while no catalog is known.
      case 'search.catalog.loaded':
        // PARTIAL: a large catalog's first pages (then the backend searches), or the other way round.
        return (snapshot.context.catalog === null ? [SNAPSHOT, LIVE, PARTIAL] : [LIVE, PARTIAL]).map((categories) => ({
          type,
          categories,
        }));
      case 'search.catalog.failed':
        return snapshot.context.catalog === null ? [{ type }] : [];
      case AFTER:
        return [{ type }];
      case DONE: {
        const names = expectedFor(snapshot.context.catalog, snapshot.context.query.trim());
        const all = [...jaquetas.products, ...tenis.products];
        return [{ type, output: names.map((name) => all.find((p) => p.name === name)!) }];
      }
      case ERROR:
        return [{ type, error: codedError('chunk/load-failed') }];
      case REMOTE_DONE:
        return [
          {
            type,
            output: backendFor(snapshot.context.query.trim()).map((name) => ALL_PRODUCTS.find((p) => p.name === name)!),
          },
        ];
      // Offline (or the backend down): the port fails at once.
      case REMOTE_ERROR:
        return [{ type, error: new SearchUnavailableError('network', 'offline') }];
      default:
        return undefined;
    }
  },
});

export const searchPathName = (path: ModelPath<typeof searchMachine>) =>
  pathName(path, (event) => {
    const e = event as EventObject & {
      query?: string;
      categories?: Category[];
      output?: Product[];
      error?: { code: string };
    };
    if (e.query !== undefined) return JSON.stringify(e.query);
    if (e.categories) return catalogName(e.categories);
    if (e.output) return `${e.output.length} results`;
    return e.error ? e.error.code : '';
  });

export type SearchWiring = (
  loader: Controllable<[], SearchIndexModule>,
  backend: SearchPort,
) => ReturnType<typeof createSearchActors>;
export type AddressWiring = typeof createSearchNavigation;
export const productionSearchWiring: SearchWiring = (loader, backend) =>
  createSearchActors({ loadIndexModule: loader.fn, backend });

type Phase =
  | 'idle'
  | 'blank'
  | 'debouncing'
  | 'waitingForCatalog'
  | 'searching'
  | 'searchingRemote'
  | 'results'
  | 'empty'
  | 'failed';
/** Phases with no search pending or running: a keystroke there is the first of a burst. */
const STILL_FIELD: readonly Phase[] = ['idle', 'blank', 'results', 'empty', 'failed'];

/**
 * Drives a real search actor (production actors; the index chunk's loader is controllable) along one path and
 * checks, after every step, what the shopper sees against a reference kept here: the field's text, the phase
 * of the results page, the result names (from the hand-written table), the hint, the busy indicator, how many
 * searches ran and how many errors were logged.
 */
export async function runSearchPath(
  path: ModelPath<typeof searchMachine>,
  wiring: SearchWiring = productionSearchWiring,
  addressing: AddressWiring = createSearchNavigation,
  recorder?: TransitionRecorder,
) {
  const clock = new SimulatedClock();
  const loader = controllable<[], SearchIndexModule>('loadIndexModule');
  const remote = controllable<[string, SearchOptions?], Product[]>('backend.search');
  const logError = vi.fn();
  const navigation = memoryNavigation('/');
  const { actions, guards } = addressing(navigation);
  const actor = createActor(
    searchMachine.provide({
      actors: wiring(loader, { search: remote.fn }),
      actions: { ...actions, logError: (_, params) => logError(params) },
      guards,
    }),
    { clock, inspect: recorder?.inspect },
  );
  // The address bar as docs/requirements.md#search describes it, kept here: a history stack (the walks
  // never go Back) and whether Enter committed the entry on screen.
  const history = { entries: ['/'], committed: false };
  const shown = () => history.entries[history.entries.length - 1]!;
  const onResultsPage = () => shown() === '/search' || shown().startsWith('/search?');
  const shownTerm = () => new URL(shown(), 'http://shop').searchParams.get('q')?.slice(0, 100).trim() ?? '';
  const addressFor = (term: string) => (term === '' ? '/search' : `/search?q=${encodeURIComponent(term)}`);
  const push = (to: string) => history.entries.push(to);
  const replace = (to: string) => (history.entries[history.entries.length - 1] = to);
  /** Each keystroke: a new entry from elsewhere or after Enter, else the entry on screen follows. */
  const followTyping = (term: string) => {
    if (onResultsPage()) (history.committed ? push : replace)(addressFor(term));
    else if (term !== '') push(addressFor(term));
    history.committed = false;
  };
  const ref = {
    query: '',
    catalog: null as Category[] | null,
    catalogFailed: false,
    phase: 'idle' as Phase,
    results: [] as string[],
    partial: false,
    /** The pause the current debounce waits: set when typing starts it, from the catalog known then. */
    debounceMs: SEARCH_DEBOUNCE_MS,
    searches: 0,
    remoteSearches: 0,
    errors: 0,
  };
  const searchLocally = () => {
    ref.phase = 'searching';
    ref.searches += 1;
  };
  /** The backend for a catalog larger than what is held, else the local index. */
  const startSearch = () => {
    if (!isPartial(ref.catalog)) return searchLocally();
    ref.phase = 'searchingRemote';
    ref.remoteSearches += 1;
  };
  const dueSearch = () => {
    if (ref.catalog) startSearch();
    else ref.phase = ref.catalogFailed ? 'failed' : 'waitingForCatalog';
  };
  // Abandoned searches (a catalog arrived mid-search) answer first, with the old catalog's results: never shown.
  const answerAbandoned = async () => {
    for (const call of loader.pending().slice(0, -1)) call.resolve(searchIndexModule);
    await tick();
  };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as EventObject & { query?: string; categories?: Category[]; error?: unknown };
      const at = `step ${index} (${e.type})`;
      switch (e.type) {
        case 'xstate.init':
          actor.start();
          break;
        case 'search.type':
          actor.send(event as never);
          followTyping(e.query!.slice(0, 100).trim());
          ref.query = e.query!.slice(0, 100);
          if (ref.query.trim() === '') {
            ref.phase = 'idle';
            ref.results = [];
          } else if (STILL_FIELD.includes(ref.phase) && isPartial(ref.catalog)) {
            // Nothing pending or running: the backend is asked at once, without the pause.
            startSearch();
          } else {
            ref.phase = 'debouncing';
            // The backend is asked after a longer pause than the local index.
            ref.debounceMs = isPartial(ref.catalog) ? REMOTE_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS;
          }
          break;
        case 'search.submit':
        case 'search.enter': {
          actor.send(event as never);
          ref.query = e.query!.slice(0, 100);
          const term = ref.query.trim();
          if (term === '') ref.phase = 'blank';
          else dueSearch();
          if (e.type === 'search.enter' && term !== '') {
            if (!onResultsPage()) push(addressFor(term));
            else if (shownTerm() !== term) (history.committed ? push : replace)(addressFor(term));
            history.committed = true;
          }
          break;
        }
        case 'search.escape':
          actor.send(event as never);
          if (ref.query !== '') {
            if (onResultsPage()) {
              (history.committed ? push : replace)('/search');
              history.committed = false;
            }
            ref.query = '';
            ref.results = [];
            ref.phase = 'idle';
          }
          break;
        case 'search.address': {
          // The shopper opens /search?q=… (a shared link): the address changes under the page, then the page says so.
          const raw = e.query!;
          navigation.push(addressFor(raw));
          push(addressFor(raw));
          actor.send(event as never);
          const term = raw.slice(0, 100).trim();
          if (raw.length > 100) replace(addressFor(term));
          if (term === ref.query.trim()) break;
          ref.query = term === '' ? '' : raw.slice(0, 100);
          if (term === '') {
            ref.results = [];
            ref.phase = 'idle';
          } else dueSearch();
          break;
        }
        case 'search.catalog.loaded':
          actor.send(event as never);
          ref.catalog = e.categories!;
          ref.catalogFailed = false;
          if (['waitingForCatalog', 'searching', 'searchingRemote', 'results', 'empty', 'failed'].includes(ref.phase))
            startSearch();
          break;
        case 'search.catalog.failed':
          actor.send(event as never);
          ref.catalogFailed = ref.catalog === null;
          if (ref.phase === 'waitingForCatalog') ref.phase = 'failed';
          break;
        case AFTER: {
          clock.increment(ref.debounceMs - 1);
          expect(actor.getSnapshot().value, `${at}: still waiting 1 ms before the debounce ends`).toBe('debouncing');
          expect(loader.calls.length, `${at}: no search before the debounce ends`).toBe(ref.searches);
          expect(remote.calls.length, `${at}: no request before the debounce ends`).toBe(ref.remoteSearches);
          clock.increment(1);
          dueSearch();
          break;
        }
        case DONE:
          await answerAbandoned();
          loader.latest().resolve(searchIndexModule);
          await tick();
          ref.results = expectedFor(ref.catalog, ref.query.trim());
          ref.partial = isPartial(ref.catalog);
          ref.phase = ref.results.length ? 'results' : 'empty';
          break;
        case REMOTE_DONE:
          remote.latest().resolve((e as { output?: Product[] }).output!);
          await tick();
          ref.results = backendFor(ref.query.trim());
          ref.partial = false;
          ref.phase = ref.results.length ? 'results' : 'empty';
          break;
        case REMOTE_ERROR:
          remote.latest().reject(e.error);
          await tick();
          ref.errors += 1;
          searchLocally();
          break;
        case ERROR:
          await answerAbandoned();
          loader.latest().reject(e.error);
          await tick();
          ref.errors += 1;
          ref.phase = 'failed';
          break;
        default:
          throw new Error(`no driver for ${e.type}`);
      }
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);
      expect(snapshot.value, `${at}: the reference phase`).toBe(ref.phase);
      expect(snapshot.context.query, `${at}: the field`).toBe(ref.query);
      if (ref.phase === 'results' || ref.phase === 'empty') {
        expect(
          snapshot.context.results.map((p) => p.name),
          `${at}: results`,
        ).toEqual(ref.results);
        expect(snapshot.context.resultsFor, `${at}: results for`).toBe(ref.query.trim());
        expect(snapshot.context.partial, `${at}: results marked partial`).toBe(ref.partial);
      }
      // Stale requests are cancelled: only the one the page still waits for may be running.
      const inFlight = ref.phase === 'searchingRemote' ? remote.latest() : null;
      for (const call of remote.pending())
        expect(call.args[1]?.signal?.aborted, `${at}: a stale request was cancelled`).toBe(call !== inFlight);
      expect(snapshot.hasTag('hint'), `${at}: hint`).toBe(ref.phase === 'blank');
      expect(snapshot.hasTag('busy'), `${at}: busy`).toBe(
        ['debouncing', 'waitingForCatalog', 'searching', 'searchingRemote'].includes(ref.phase),
      );
      expect(loader.calls.length, `${at}: searches run`).toBe(ref.searches);
      expect(remote.calls.length, `${at}: requests to the backend`).toBe(ref.remoteSearches);
      if (inFlight) expect(inFlight.args[0], `${at}: the backend is asked for the term`).toBe(ref.query.trim());
      expect(navigation.entries(), `${at}: the history`).toEqual(history.entries);
      expect(logError, `${at}: errors logged`).toHaveBeenCalledTimes(ref.errors);
    }
  } finally {
    actor.stop();
  }
}
