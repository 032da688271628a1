// The search feature's loader: the chunk (searchChunk.ts) downloaded once, on the first need, and the search actor
// started from the services when it arrives (src/features/lazyFeature.ts).
import type { SearchActorRef } from '../../machines/searchMachine';
import { lazyFeature } from '../lazyFeature';

/** The search chunk (the field, the results page, the actor's wiring). */
export const loadSearchChunk = () => import('./searchChunk');

/**
 * The search actor of these services: the first call loads the chunk and starts the actor, fed by the catalog actor;
 * every call returns the same promise. Null when the chunk could not be loaded; the next call tries again.
 */
export const loadSearch = lazyFeature<SearchActorRef>('search', async (services) => {
  const { startSearch } = await loadSearchChunk();
  const { navigation, searchBackend, logError } = services.features;
  const started = startSearch({
    catalog: services.catalog,
    navigation,
    backend: searchBackend,
    logError: (_, params) => logError(`[${params.during}] failed`, params.error),
    inspect: services.inspect,
  });
  return { value: started.actor, stop: started.stop };
});
