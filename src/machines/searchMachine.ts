import { and, assign, fromPromise, not, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { pathOf, queryParamOf, type NavigationPort } from '../adapters/navigation/navigationPort';
import { holdsWholeCatalog, type SearchPort } from '../adapters/search/searchPort';
import type { Category, Product } from '../domain';
import { limitQuery, searchTerm } from '../domain/search';

/**
 * How long the field must stay still before a search runs. Short on purpose: the budget is keystroke →
 * results painted in ≤ 30 ms, so the delay only coalesces input events that arrive together (a paste, key
 * repeat, a burst from a fast typist) and lets the field repaint before the results grid does.
 */
export const SEARCH_DEBOUNCE_MS = 5;

/**
 * The pause before a search of the backend (a catalog larger than what the storefront holds), for a keystroke
 * that comes while a search is still pending or running. A keystroke into a still field (results or a message
 * on screen) asks the backend at once: the pause only coalesces bursts (key repeat, about 33 ms apart; input
 * events that arrive together), and a typist's keys, 100–300 ms apart, are each searched anyway. A request
 * still running when the shopper types on is cancelled, so the backend gets at most one live request per
 * shopper.
 */
export const REMOTE_SEARCH_DEBOUNCE_MS = 50;

/** The results page (docs/requirements.md#search; src/ui/paths.ts names the same route for wouter). */
export const SEARCH_RESULTS_PATH = '/search';

/** `/search?q=<term>` (shareable); `/search` alone for an empty term. */
export function searchPath(term: string): string {
  return term === '' ? SEARCH_RESULTS_PATH : `${SEARCH_RESULTS_PATH}?q=${encodeURIComponent(term)}`;
}

/**
 * The search field and its results (docs/requirements.md#search). The UI sends what the shopper types; the catalog comes from the
 * catalog actor (createServices forwards it); the index is built by `searchCatalog`, loaded on first use.
 *
 * The address follows the field (through the navigation port): the first keystroke elsewhere opens the results
 * page with one history entry of its own (so Back returns), later keystrokes replace that entry, and Enter commits
 * it, so the next query gets an entry of its own and Back restores this one. An address that changes under the
 * page (Back, Forward, a shared link) is searched as if submitted.
 */
export interface SearchContext {
  /** What the field shows: the typed text, cut to MAX_QUERY_LENGTH. */
  query: string;
  /** Every category, once the catalog is known (the prerendered snapshot, then the live read). */
  catalog: Category[] | null;
  /** The catalog read failed and none is known: a search cannot run until a retry brings it. */
  catalogFailed: boolean;
  /** Results of the last finished search, best first, and the term they answer. */
  results: Product[];
  resultsFor: string;
  /** Enter was pressed for the address on screen: the next keystroke pushes a new entry instead of replacing it. */
  committed: boolean;
  /**
   * The results come from the products the storefront holds while the catalog has more (the backend could not
   * be reached, e.g. offline): the page says they may be incomplete.
   */
  partial: boolean;
}

export type SearchEvent =
  /** The field's text changed (typing, paste, the text typed before hydration). */
  | { type: 'search.type'; query: string }
  /** Enter in the field (or an Enter pressed before hydration). */
  | { type: 'search.enter'; query: string }
  /** Esc in the field. */
  | { type: 'search.escape' }
  /** The address's `q` (a reload, Back/Forward, a shared link): search it unless the field already did. */
  | { type: 'search.address'; query: string }
  /** Search this query now (the results page's "Tentar novamente"). */
  | { type: 'search.submit'; query: string }
  | { type: 'search.catalog.loaded'; categories: Category[] }
  | { type: 'search.catalog.failed' };

export interface SearchCatalogInput {
  term: string;
  categories: Category[];
}

export interface SearchRemoteInput {
  term: string;
}

/** The catalog a transition searches: the one its event brings, else the one already known. */
const catalogOf = (context: SearchContext, event: SearchEvent) =>
  event.type === 'search.catalog.loaded' ? event.categories : context.catalog;
/** The storefront holds only part of the catalog: the backend's index of all of it answers (src/adapters/search). */
const isPartialCatalog = (catalog: Category[] | null) => catalog !== null && !holdsWholeCatalog(catalog);

const queryOf = (event: SearchEvent) => ('query' in event ? limitQuery(event.query) : '');

/**
 * A keystroke into a still field (no search pending or running) over a catalog the backend searches: the request
 * goes at once (REMOTE_SEARCH_DEBOUNCE_MS). Any other keystroke falls through to the machine's own `search.type`.
 */
const typedIntoStillField = {
  'search.type': {
    guard: and([not('isBlank'), 'needsBackend']),
    target: '#search.searchingRemote',
    actions: ['rememberQuery', 'followAddress'],
  },
} as const;

type SearchNowAction = 'rememberQuery' | 'commitAddress' | 'tidyAddress' | 'adoptCatalog';
/** Search now: the backend for a catalog the storefront holds only part of, else the local index. */
const searchWith = <A extends SearchNowAction>(actions: A[] = []) =>
  [
    { guard: 'needsBackend', target: '#search.searchingRemote', actions },
    { target: '#search.searching', actions },
  ] as const;
/** A query that is not blank, searched at once: where it goes depends on what is known of the catalog. */
const searchNow = (actions: SearchNowAction[]) =>
  [
    { guard: 'isCatalogFailed', target: '.failed', actions },
    { guard: 'isCatalogUnknown', target: '.waitingForCatalog', actions },
    ...searchWith(actions),
  ] as const;

const searchSetup = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    searchCatalog: fromPromise<Product[], SearchCatalogInput>(async () => []),
    searchRemote: fromPromise<Product[], SearchRemoteInput>(async () => {
      throw new Error('no search backend');
    }),
  },
  actions: {
    logError: (_, _params: { error: unknown; during: string }) => {},
    rememberQuery: assign({ query: ({ event }) => queryOf(event) }),
    forgetQuery: assign({ query: '', results: [], resultsFor: '' }),
    forgetResults: assign({ results: [], resultsFor: '' }),
    adoptCatalog: assign({
      catalog: ({ context, event }) => (event.type === 'search.catalog.loaded' ? event.categories : context.catalog),
      catalogFailed: false,
    }),
    noteCatalogFailed: assign({ catalogFailed: true }),
    /** Provided by createSearchNavigation: moves the address through the navigation port. */
    navigate: (_, _params: { to: string; replace: boolean }) => {},
  },
  guards: {
    isBlank: ({ event }) => searchTerm(queryOf(event)) === '',
    hasQuery: ({ context }) => context.query !== '',
    /** The address already shows what the field holds (the field put it there): nothing to search. */
    isAddressSearched: ({ context, event }) => searchTerm(queryOf(event)) === searchTerm(context.query),
    /** Provided by createSearchNavigation: the shopper is on the results page. */
    isOnResultsPage: () => false,
    /** Provided by createSearchNavigation: the address's `q` is already this term. */
    isAddressFor: (_, _params: { term: string }) => false,
    isCatalogUnknown: ({ context }) => context.catalog === null,
    isCatalogFailed: ({ context }) => context.catalog === null && context.catalogFailed,
    hasResults: ({ event }) => (event as { output?: Product[] }).output?.length !== 0,
    /** The catalog (the event's, else the known one) has more products than the storefront holds. */
    needsBackend: ({ context, event }) => isPartialCatalog(catalogOf(context, event)),
  },
  delays: {
    searchDebounce: ({ context }) =>
      isPartialCatalog(context.catalog) ? REMOTE_SEARCH_DEBOUNCE_MS : SEARCH_DEBOUNCE_MS,
  },
});

// The address policy. The location guards only pick what these do, never a state: the statechart is the same
// wherever the shopper is.
export const searchMachine = searchSetup
  .extend({
    actions: {
      followAddress: searchSetup.enqueueActions(({ context, event, enqueue, check }) => {
        const term = searchTerm(queryOf(event));
        if (check('isOnResultsPage'))
          enqueue({ type: 'navigate', params: { to: searchPath(term), replace: !context.committed } });
        // Esc elsewhere leaves the address (and what Enter committed) alone.
        else if (event.type === 'search.escape') return;
        else if (term !== '') enqueue({ type: 'navigate', params: { to: searchPath(term), replace: false } });
        enqueue.assign({ committed: false });
      }),
      commitAddress: searchSetup.enqueueActions(({ context, event, enqueue, check }) => {
        const term = searchTerm(queryOf(event));
        const onResultsPage = check('isOnResultsPage');
        if (!onResultsPage || !check({ type: 'isAddressFor', params: { term } })) {
          enqueue({ type: 'navigate', params: { to: searchPath(term), replace: onResultsPage && !context.committed } });
        }
        enqueue.assign({ committed: true });
      }),
      /** An address whose `q` is over the limit is cut there, in the address bar too. */
      tidyAddress: searchSetup.enqueueActions(({ event, enqueue }) => {
        const raw = 'query' in event ? event.query : '';
        if (limitQuery(raw) !== raw)
          enqueue({ type: 'navigate', params: { to: searchPath(searchTerm(raw)), replace: true } });
      }),
    },
  })
  .createMachine({
    id: 'search',
    context: {
      query: '',
      catalog: null,
      catalogFailed: false,
      results: [],
      resultsFor: '',
      committed: false,
      partial: false,
    },
    initial: 'idle',
    on: {
      // Typing: blank → nothing to search (no hint while the shopper is still typing); otherwise wait for a pause.
      'search.type': [
        { guard: 'isBlank', target: '.idle', actions: ['rememberQuery', 'forgetResults', 'followAddress'] },
        { target: '.debouncing', actions: ['rememberQuery', 'followAddress'] },
      ],
      // Enter: at once, no debounce, and the address is committed. Blank → a hint, no search, the address stays.
      'search.enter': [
        { guard: 'isBlank', target: '.blank', actions: 'rememberQuery' },
        ...searchNow(['rememberQuery', 'commitAddress']),
      ],
      'search.escape': { guard: 'hasQuery', target: '.idle', actions: ['forgetQuery', 'followAddress'] },
      // The address changed under the page: search what it says, unless the field put it there.
      'search.address': [
        { guard: 'isAddressSearched', actions: 'tidyAddress' },
        { guard: 'isBlank', target: '.idle', actions: ['forgetQuery', 'tidyAddress'] },
        ...searchNow(['rememberQuery', 'tidyAddress']),
      ],
      'search.submit': [
        { guard: 'isBlank', target: '.blank', actions: 'rememberQuery' },
        ...searchNow(['rememberQuery']),
      ],
      // A fresher catalog is kept for the next search; states showing results search it again (below).
      'search.catalog.loaded': { actions: 'adoptCatalog' },
      'search.catalog.failed': { actions: 'noteCatalogFailed' },
    },
    states: {
      idle: { on: typedIntoStillField },
      /** An empty or whitespace-only query was submitted. */
      blank: { tags: ['hint'], on: typedIntoStillField },
      debouncing: {
        tags: ['busy'],
        after: {
          searchDebounce: [
            { guard: 'isCatalogFailed', target: 'failed' },
            { guard: 'isCatalogUnknown', target: 'waitingForCatalog' },
            ...searchWith(),
          ],
        },
      },
      /** A search is due but the catalog has not arrived yet (a cold load of /search?q=…). */
      waitingForCatalog: {
        tags: ['busy'],
        on: {
          'search.catalog.loaded': searchWith(['adoptCatalog']),
          'search.catalog.failed': { target: 'failed', actions: 'noteCatalogFailed' },
        },
      },
      searching: {
        tags: ['busy'],
        invoke: {
          id: 'searchCatalog',
          src: 'searchCatalog',
          input: ({ context }) => ({ term: searchTerm(context.query), categories: context.catalog ?? [] }),
          // Over a partial catalog (the backend failed) the results may miss products: the page says so.
          onDone: [
            {
              guard: 'hasResults',
              target: 'results',
              actions: assign({
                results: ({ event }) => event.output,
                resultsFor: ({ context }) => searchTerm(context.query),
                partial: ({ context }) => isPartialCatalog(context.catalog),
              }),
            },
            {
              target: 'empty',
              actions: assign({
                results: [],
                resultsFor: ({ context }) => searchTerm(context.query),
                partial: ({ context }) => isPartialCatalog(context.catalog),
              }),
            },
          ],
          onError: {
            target: 'failed',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'searchCatalog' }) },
          },
        },
        // Newer products arrived mid-search: start over with them.
        on: {
          'search.catalog.loaded': [
            { guard: 'needsBackend', target: 'searchingRemote', actions: 'adoptCatalog' },
            { target: 'searching', reenter: true, actions: 'adoptCatalog' },
          ],
        },
      },
      /**
       * The catalog has more products than the storefront holds: the backend's index answers. Leaving the state
       * (the shopper typed on, a newer catalog) cancels the request; a failure (offline, an error) falls back on
       * the local index over the products held, marked partial.
       */
      searchingRemote: {
        tags: ['busy'],
        invoke: {
          id: 'searchRemote',
          src: 'searchRemote',
          input: ({ context }) => ({ term: searchTerm(context.query) }),
          onDone: [
            {
              guard: 'hasResults',
              target: 'results',
              actions: assign({
                results: ({ event }) => event.output,
                resultsFor: ({ context }) => searchTerm(context.query),
                partial: false,
              }),
            },
            {
              target: 'empty',
              actions: assign({ results: [], resultsFor: ({ context }) => searchTerm(context.query), partial: false }),
            },
          ],
          onError: {
            target: 'searching',
            actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'searchRemote' }) },
          },
        },
        on: {
          'search.catalog.loaded': [
            { guard: 'needsBackend', target: 'searchingRemote', reenter: true, actions: 'adoptCatalog' },
            { target: 'searching', actions: 'adoptCatalog' },
          ],
        },
      },
      results: { on: { ...typedIntoStillField, 'search.catalog.loaded': searchWith(['adoptCatalog']) } },
      /** The query matched nothing: the page offers the categories. */
      empty: { on: { ...typedIntoStillField, 'search.catalog.loaded': searchWith(['adoptCatalog']) } },
      /**
       * The search code or the catalog could not be loaded. Typing or Enter tries the search again; a catalog
       * that arrives later (the page's retry asks the catalog actor) runs it.
       */
      failed: { on: { ...typedIntoStillField, 'search.catalog.loaded': searchWith(['adoptCatalog']) } },
    },
  });

export type SearchActorRef = ActorRefFrom<typeof searchMachine>;
export type SearchSnapshot = SnapshotFrom<typeof searchMachine>;

export type SearchIndexModule = typeof import('../domain/searchIndex');

/**
 * Production actors. The index module (minisearch + index building) is a dynamic import, so its chunk
 * downloads on the first search; an index is built once per catalog (the snapshot's, then the live one).
 */
export function createSearchActors({
  loadIndexModule = () => import('../domain/searchIndex'),
  backend,
}: {
  loadIndexModule?: () => Promise<SearchIndexModule>;
  /** The backend's index of the whole catalog (src/adapters/search/httpSearch.ts); without it a partial catalog is searched locally. */
  backend?: SearchPort;
} = {}) {
  let built: { categories: Category[]; index: ReturnType<SearchIndexModule['buildSearchIndex']> } | null = null;
  return {
    searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
      const { buildSearchIndex } = await loadIndexModule();
      if (built?.categories !== input.categories)
        built = { categories: input.categories, index: buildSearchIndex(input.categories) };
      return built.index.search(input.term);
    }),
    // The signal aborts when the state is left: ky cancels the request.
    searchRemote: fromPromise<Product[], SearchRemoteInput>(async ({ input, signal }) => {
      if (!backend) throw new Error('no search backend');
      return backend.search(input.term, { signal });
    }),
  };
}

/**
 * Production navigation: the policy above moves the address through `navigation` (the browser's history in
 * src/main.tsx, a memory one in tests) and reads where the shopper is from it.
 */
export function createSearchNavigation(navigation: NavigationPort) {
  return {
    actions: {
      navigate: (_: unknown, { to, replace }: { to: string; replace: boolean }) =>
        replace ? navigation.replace(to) : navigation.push(to),
    },
    guards: {
      isOnResultsPage: () => pathOf(navigation.current()) === SEARCH_RESULTS_PATH,
      isAddressFor: (_: unknown, { term }: { term: string }) => searchTerm(queryParamOf(navigation.current())) === term,
    },
  };
}
