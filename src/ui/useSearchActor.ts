import { useEffect, useState } from 'react';
import { takeEarlySearch } from '../earlyClicks';
import { searchPath, type SearchActorRef } from '../machines/searchMachine';
import { useServices } from './services';

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
 * in the first client render, so a prerendered field hydrates as it was rendered), null if its code could not
 * be loaded; `retry` asks for it again. The field (`takesEarlyInput`) also receives what was typed before hydration.
 */
export function useSearchActor({ takesEarlyInput = false } = {}): {
  search: SearchActorRef | null | undefined;
  retry(): void;
} {
  const services = useServices();
  const [search, setSearch] = useState<SearchActorRef | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void services.search().then((actor) => {
      if (!current) return;
      // Before the field re-renders with the machine's text, so the typed text never blinks away.
      if (takesEarlyInput) handOverEarlySearch(actor);
      setSearch(actor);
    });
    return () => {
      current = false;
    };
  }, [services, attempt, takesEarlyInput]);
  return { search, retry: () => setAttempt((n) => n + 1) };
}
