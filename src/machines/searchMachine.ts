import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Category, Product } from '../domain';
import { limitQuery, searchTerm } from '../domain/search';

/**
 * How long the field must stay still before a search runs. Short on purpose: the budget is keystroke →
 * results painted in ≤ 30 ms, so the delay only coalesces input events that arrive together (a paste, key
 * repeat, a burst from a fast typist) and lets the field repaint before the results grid does.
 */
export const SEARCH_DEBOUNCE_MS = 5;

/**
 * The search field and its results (issue 10). The UI sends what the shopper types; the catalog comes from the
 * catalog actor (createServices forwards it); the index is built by `searchCatalog`, loaded on first use.
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
}

export type SearchEvent =
  | { type: 'search.type'; query: string }
  | { type: 'search.submit'; query: string }
  | { type: 'search.clear' }
  | { type: 'search.catalog.loaded'; categories: Category[] }
  | { type: 'search.catalog.failed' };

export interface SearchCatalogInput {
  term: string;
  categories: Category[];
}

const queryOf = (event: SearchEvent) => ('query' in event ? limitQuery(event.query) : '');

export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    searchCatalog: fromPromise<Product[], SearchCatalogInput>(async () => []),
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
  },
  guards: {
    isBlank: ({ event }) => searchTerm(queryOf(event)) === '',
    isCatalogUnknown: ({ context }) => context.catalog === null,
    isCatalogFailed: ({ context }) => context.catalog === null && context.catalogFailed,
    hasResults: ({ event }) => (event as { output?: Product[] }).output?.length !== 0,
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'search',
  context: { query: '', catalog: null, catalogFailed: false, results: [], resultsFor: '' },
  initial: 'idle',
  on: {
    // Typing: blank → nothing to search (no hint while the shopper is still typing); otherwise wait for a pause.
    'search.type': [
      { guard: 'isBlank', target: '.idle', actions: ['rememberQuery', 'forgetResults'] },
      { target: '.debouncing', actions: 'rememberQuery' },
    ],
    // Enter (or a /search?q= address): at once, no debounce. Blank → a hint, no search.
    'search.submit': [
      { guard: 'isBlank', target: '.blank', actions: 'rememberQuery' },
      { guard: 'isCatalogFailed', target: '.failed', actions: 'rememberQuery' },
      { guard: 'isCatalogUnknown', target: '.waitingForCatalog', actions: 'rememberQuery' },
      { target: '.searching', actions: 'rememberQuery' },
    ],
    'search.clear': { target: '.idle', actions: 'forgetQuery' },
    // A fresher catalog is kept for the next search; states showing results search it again (below).
    'search.catalog.loaded': { actions: 'adoptCatalog' },
    'search.catalog.failed': { actions: 'noteCatalogFailed' },
  },
  states: {
    idle: {},
    /** An empty or whitespace-only query was submitted. */
    blank: { tags: ['hint'] },
    debouncing: {
      tags: ['busy'],
      after: {
        searchDebounce: [
          { guard: 'isCatalogFailed', target: 'failed' },
          { guard: 'isCatalogUnknown', target: 'waitingForCatalog' },
          { target: 'searching' },
        ],
      },
    },
    /** A search is due but the catalog has not arrived yet (a cold load of /search?q=…). */
    waitingForCatalog: {
      tags: ['busy'],
      on: {
        'search.catalog.loaded': { target: 'searching', actions: 'adoptCatalog' },
        'search.catalog.failed': { target: 'failed', actions: 'noteCatalogFailed' },
      },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'searchCatalog',
        src: 'searchCatalog',
        input: ({ context }) => ({ term: searchTerm(context.query), categories: context.catalog ?? [] }),
        onDone: [
          {
            guard: 'hasResults',
            target: 'results',
            actions: assign({ results: ({ event }) => event.output, resultsFor: ({ context }) => searchTerm(context.query) }),
          },
          { target: 'empty', actions: assign({ results: [], resultsFor: ({ context }) => searchTerm(context.query) }) },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'searchCatalog' }) },
        },
      },
      // Newer products arrived mid-search: start over with them.
      on: { 'search.catalog.loaded': { target: 'searching', reenter: true, actions: 'adoptCatalog' } },
    },
    results: { on: { 'search.catalog.loaded': { target: 'searching', actions: 'adoptCatalog' } } },
    /** The query matched nothing: the page offers the categories. */
    empty: { on: { 'search.catalog.loaded': { target: 'searching', actions: 'adoptCatalog' } } },
    /**
     * The search code or the catalog could not be loaded. Typing or Enter tries the search again; a catalog
     * that arrives later (the page's retry asks the catalog actor) runs it.
     */
    failed: { on: { 'search.catalog.loaded': { target: 'searching', actions: 'adoptCatalog' } } },
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
}: { loadIndexModule?: () => Promise<SearchIndexModule> } = {}) {
  let built: { categories: Category[]; index: ReturnType<SearchIndexModule['buildSearchIndex']> } | null = null;
  return {
    searchCatalog: fromPromise<Product[], SearchCatalogInput>(async ({ input }) => {
      const { buildSearchIndex } = await loadIndexModule();
      if (built?.categories !== input.categories) built = { categories: input.categories, index: buildSearchIndex(input.categories) };
      return built.index.search(input.term);
    }),
  };
}

/** What the results page shows, named once. */
export const selectSearchQuery = (s: SearchSnapshot) => s.context.query;
