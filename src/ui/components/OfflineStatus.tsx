// The connection as the pages see it, and the two banners (offline, new version): the connectivity actor
// (src/machines/connectivityMachine.ts), started by src/main.tsx after load and hydration, reaches them through
// a small store. Without one (the prerender, UI tests) the shop is online and current.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
// Types only: the machine itself is in the lazy chunk src/sw/connectivity.ts starts; the UI reads its tags.
import type { ConnectivityActorRef, ConnectivitySnapshot } from '../../machines/connectivityMachine';
import { selectOffline, selectUpdateAvailable } from '../selectors';
import { styled } from '../theme';

/** The banner while the browser is offline (role="status": polite). */
const OFFLINE_MESSAGE = 'Você está offline';

// The actor arrives once, after the load event and hydration (src/main.tsx). A store, not a React context or a new
// root render: only the components that read it update, never a Suspense boundary still hydrating.
let current: ConnectivityActorRef | null = null;
const listeners = new Set<() => void>();
/** Hands the pages the connectivity actor (null: none again, for tests). */
export function provideConnectivity(actor: ConnectivityActorRef | null): void {
  current = actor;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
/** The connectivity actor, or null before it starts (the prerender, UI tests, the first render). */
export const useConnectivity = (): ConnectivityActorRef | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

/** Stands in for a missing actor so hooks keep their order: never changes, has no snapshot. */
export const noConnectivity = {
  subscribe: () => ({ unsubscribe: () => {} }),
  getSnapshot: () => undefined,
} as unknown as ConnectivityActorRef;

/** True while the browser is offline (online until the actor has started: the server's HTML says nothing). */
export function useOffline(): boolean {
  const connectivity = useConnectivity();
  return useSelector(connectivity ?? noConnectivity, (s: ConnectivitySnapshot | undefined) =>
    s ? selectOffline(s) : false,
  );
}

const Bar = styled('div', {
  margin: '$3 $4',
  padding: '$3 $4',
  borderRadius: '$1',
  background: '$inputBackground',
  color: '$textDark',
  '& p': { margin: 0, fontWeight: 600 },
});

/** "Você está offline": polite, above the page, while the connection is gone. */
export function OfflineBanner() {
  const offline = useOffline();
  // Only while there is something to say: the pages keep their own single role="status" otherwise.
  return offline ? (
    <Bar role="status">
      <p>{OFFLINE_MESSAGE}</p>
    </Bar>
  ) : null;
}

const UpdateBar = lazy(() => import('./UpdateBar'));

/**
 * "Nova versão disponível — Atualizar": a new deploy's service worker is waiting. The connectivity machine decides
 * when it is said (never while a checkout is open: it follows the address itself, src/sw/connectivity.ts). The bar
 * is a lazy chunk (UpdateBar.tsx), precached like every chunk.
 */
export function UpdateBanner() {
  const connectivity = useConnectivity();
  const available = useSelector(connectivity ?? noConnectivity, (s: ConnectivitySnapshot | undefined) =>
    s ? selectUpdateAvailable(s) : false,
  );
  return connectivity && available ? (
    <Suspense fallback={null}>
      <UpdateBar connectivity={connectivity} />
    </Suspense>
  ) : null;
}
