// The search feature's actor wiring, in its lazy chunk (searchChunk.ts): starts the search actor and feeds it the
// catalog (the loader calls startSearch once per services), and hands it to the field and the results page.
import { useEffect, useState } from 'react';
import { createActor, type InspectionEvent } from 'xstate';
import { takeEarlySearch } from '../../earlyClicks';
import type { CatalogActorRef, CatalogSnapshot } from '../../machines/catalogMachine';
import type { NavigationPort } from '../../adapters/navigation/navigationPort';
import type { SearchPort } from '../../adapters/search/searchPort';
import {
  createSearchActors,
  createSearchNavigation,
  searchMachine,
  searchPath,
  type SearchActorRef,
} from '../../machines/searchMachine';

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
  /** The backend's index of the whole catalog, asked when the storefront holds only part of it (docs/searching.md). */
  backend?: SearchPort;
  logError: (_: unknown, params: { error: unknown; during: string }) => void;
  /** The inspector's recorder in local mode (the loader passes the services' one on). */
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

/** How a component of the chunk asks for the search actor: the slot passes the loader's, bound to its services. */
export type SearchLoad = () => Promise<SearchActorRef | null>;

/**
 * Hands the search field's text and Enter from before hydration (src/earlyClicks.ts) to the machine, once: the
 * field is hydrated by now, so from here on React sees every keystroke. Without the machine (its code could not be
 * loaded) an early Enter does what the browser's own submit would have done.
 */
function handOverEarlySearch(search: SearchActorRef | null) {
  if (typeof window === 'undefined') return;
  const { text, entered } = takeEarlySearch(window);
  const query = text ?? '';
  if (!search) {
    if (entered) window.location.assign(searchPath(query.trim()));
    return;
  }
  if (text !== null) search.send({ type: 'search.type', query });
  if (entered) search.send({ type: 'search.enter', query });
}

/**
 * The search actor for a component of the search chunk: undefined while it starts (always, on the server and
 * in the first client render, so a prerendered field hydrates as it was rendered), null if it could not be
 * started; `retry` asks for it again. The field (`takesEarlyInput`) also receives what was typed before hydration.
 */
export function useSearchActor(
  load: SearchLoad,
  { takesEarlyInput = false } = {},
): { search: SearchActorRef | null | undefined; retry(): void } {
  const [search, setSearch] = useState<SearchActorRef | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void load().then((actor) => {
      if (!current) return;
      // Before the field re-renders with the machine's text, so the typed text never blinks away.
      if (takesEarlyInput) handOverEarlySearch(actor);
      setSearch(actor);
    });
    return () => {
      current = false;
    };
  }, [load, attempt, takesEarlyInput]);
  return { search, retry: () => setAttempt((n) => n + 1) };
}
