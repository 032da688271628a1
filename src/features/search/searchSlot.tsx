// Where the search feature shows up: the bar under the header on every page, and the /search route. Its code is the
// lazy search chunk (searchChunk.ts), so `/`'s entry JS carries only this slot and the loader.
import { Suspense, useCallback, type ComponentType } from 'react';
import { useServices } from '../../ui/services';
import { BrowseSlot } from '../browse/browseSlot';
import { lazyPart } from '../lazyFeature';
import type { SearchLoad } from './searchActors';
import { SEARCH_BAR_HEIGHT } from './searchLayout';
import { loadSearch, loadSearchChunk } from './searchLoader';

/** The loader's search actor for the services in context (one function per services, so effects keep it). */
function useSearchLoad(): SearchLoad {
  const services = useServices();
  return useCallback(() => loadSearch(services), [services]);
}

// A prerender that waits for lazy chunks emits the whole bar, which React hydrates once the chunk arrives; a client
// render shows an empty box of the bar's height meanwhile (no layout shift).
const SearchField = lazyPart(() => loadSearchChunk().then((chunk) => chunk.SearchField));

/** The search bar: the field once its chunk is there, a box of its height before. */
export function SearchSlot() {
  const load = useSearchLoad();
  return (
    <Suspense fallback={<div style={{ height: SEARCH_BAR_HEIGHT }} />}>
      <SearchField load={load} />
    </Suspense>
  );
}

/**
 * The /search page's module for the route table (src/ui/App.tsx makes it a lazy page): in the search chunk with the
 * field, so already loaded when a keystroke opens /search (no overlay over the field).
 */
export const loadSearchPage = (): Promise<{ default: ComponentType }> =>
  loadSearchChunk().then(({ SearchPage }) => ({
    default: function SearchRoute() {
      return <SearchPage load={useSearchLoad()} BrowseSlot={BrowseSlot} />;
    },
  }));
