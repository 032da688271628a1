// Starts the search actor and feeds it the catalog. Part of the lazy search chunk (src/ui/searchFeature.ts).
import { createActor, type InspectionEvent } from 'xstate';
import type { CatalogActorRef, CatalogSnapshot } from '../machines/catalogMachine';
import type { NavigationPort } from '../adapters/navigation/navigationPort';
import type { SearchPort } from '../adapters/search/searchPort';
import {
  createSearchActors,
  createSearchNavigation,
  searchMachine,
  type SearchActorRef,
} from '../machines/searchMachine';

export function startSearch({
  catalog,
  navigation,
  backend,
  logError,
  inspect,
}: {
  catalog: CatalogActorRef;
  /** The address bar the machine keeps on /search?q= as the shopper types. */
  navigation: NavigationPort;
  /** The backend's index of the whole catalog, asked when the storefront holds only part of it (docs/search.md). */
  backend?: SearchPort;
  logError: (_: unknown, params: { error: unknown; during: string }) => void;
  /** The inspector's recorder in local mode (createServices passes it on). */
  inspect?: (event: InspectionEvent) => void;
}): { actor: SearchActorRef; stop(): void } {
  const addressing = createSearchNavigation(navigation);
  const actor = createActor(
    searchMachine.provide({
      actors: createSearchActors({ backend }),
      actions: { logError, ...addressing.actions },
      guards: addressing.guards,
    }),
    { inspect },
  ).start();
  // The index is built from what the catalog actor holds (never by a component fetching): forward the
  // categories each time they change (the prerendered snapshot first, then the live read), or the failure.
  let forwarded: unknown = null;
  const forwardCatalog = (snapshot: CatalogSnapshot) => {
    const { categories } = snapshot.context;
    const known = categories.length > 0 || snapshot.matches({ list: 'loaded' });
    const next = known ? categories : snapshot.matches({ list: 'failed' }) ? 'failed' : null;
    if (next === null || next === forwarded) return;
    forwarded = next;
    actor.send(known ? { type: 'search.catalog.loaded', categories } : { type: 'search.catalog.failed' });
  };
  forwardCatalog(catalog.getSnapshot());
  const watch = catalog.subscribe(forwardCatalog);
  return {
    actor,
    stop() {
      watch.unsubscribe();
      actor.stop();
    },
  };
}
