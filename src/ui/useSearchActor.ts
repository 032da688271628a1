import { useEffect, useState } from 'react';
import type { SearchActorRef } from '../machines/searchMachine';
import { useServices } from './services';

/**
 * The search actor for a component of the search chunk: undefined while it starts (always, on the server and
 * in the first client render, so a prerendered field hydrates as it was rendered), null if its code could not
 * be loaded; `retry` asks for it again.
 */
export function useSearchActor(): { search: SearchActorRef | null | undefined; retry(): void } {
  const services = useServices();
  const [search, setSearch] = useState<SearchActorRef | null | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    void services.search().then((actor) => {
      if (current) setSearch(actor);
    });
    return () => {
      current = false;
    };
  }, [services, attempt]);
  return { search, retry: () => setAttempt((n) => n + 1) };
}
