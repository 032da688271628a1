// The connection as the pages see it: the connectivity actor (src/machines/connectivityMachine.ts), started by
// src/main.tsx, reaches them through this context. Without one (the prerender, UI tests) the shop is online.
import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
// Types only: the machine itself is in the lazy chunk src/sw/connectivity.ts starts; the UI reads its tags.
import type { ConnectivityActorRef, ConnectivitySnapshot } from '../../machines/connectivityMachine';
import { useHydrated } from '../hooks/useHydrated';
import { styled } from '../theme';

/** The banner while the browser is offline (role="status": polite). */
export const OFFLINE_MESSAGE = 'Você está offline';
const OFFLINE_DETAIL = 'O catálogo e o carrinho continuam funcionando.';

const ConnectivityContext = createContext<ConnectivityActorRef | null>(null);

export function ConnectivityProvider({ connectivity, children }: { connectivity?: ConnectivityActorRef; children: ReactNode }) {
  return <ConnectivityContext.Provider value={connectivity ?? null}>{children}</ConnectivityContext.Provider>;
}

export const useConnectivity = (): ConnectivityActorRef | null => useContext(ConnectivityContext);

/** Stands in for a missing actor so hooks keep their order: never changes, has no snapshot. */
export const noConnectivity = { subscribe: () => ({ unsubscribe: () => {} }), getSnapshot: () => undefined } as unknown as ConnectivityActorRef;

/** True while the browser is offline (always false before hydration: the server's HTML knows no connection). */
export function useOffline(): boolean {
  const connectivity = useConnectivity();
  const hydrated = useHydrated();
  const offline = useSelector(connectivity ?? noConnectivity, (s: ConnectivitySnapshot | undefined) => s?.hasTag('offline') ?? false);
  return hydrated && offline;
}

const Bar = styled('div', {
  margin: '$3 $4',
  padding: '$3 $4',
  borderRadius: '$1',
  background: '$inputBackground',
  color: '$textDark',
  '& p': { margin: 0 },
  '& strong': { fontWeight: 700 },
});

/** "Você está offline": polite, above the page, while the connection is gone. */
export function OfflineBanner() {
  const offline = useOffline();
  return (
    <div role="status">
      {offline && (
        <Bar>
          <p>
            <strong>{OFFLINE_MESSAGE}</strong>. {OFFLINE_DETAIL}
          </p>
        </Bar>
      )}
    </div>
  );
}
