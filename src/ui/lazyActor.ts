// An actor whose code is a lazy chunk: the UI asks for it with load() and renders without it until it runs.
// The server and the first client render never have it (getServerSnapshot is null), so both render alike.
import { useSyncExternalStore } from 'react';

export interface LazyActor<A> {
  /** The running actor, or null while its code has not loaded. */
  get(): A | null;
  /** Loads the code and starts the actor (once; a failed download is tried again on the next call). */
  load(): Promise<A>;
  subscribe(listener: () => void): () => void;
}

export function createLazyActor<A>(start: () => Promise<A>): LazyActor<A> {
  let actor: A | null = null;
  let loading: Promise<A> | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => actor,
    load() {
      loading ??= start().then(
        (started) => {
          actor = started;
          listeners.forEach((listener) => listener());
          return started;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const none = () => null;

export function useLazyActor<A>(lazyActor: LazyActor<A>): A | null {
  return useSyncExternalStore(lazyActor.subscribe, lazyActor.get, none);
}
