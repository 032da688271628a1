// "Nova versão disponível — Atualizar": a new deploy's service worker is waiting. The connectivity machine
// decides when it is said (never while a checkout is open); this banner tells it where the shopper is. The bar
// itself is a lazy chunk (UpdateBar.tsx), precached like every chunk: the entry bundle only holds this slot.
import { lazy, Suspense, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import type { ConnectivitySnapshot } from '../../machines/connectivityMachine';
import { useHydrated } from '../hooks/useHydrated';
import { noConnectivity, useConnectivity } from './OfflineStatus';

const UpdateBar = lazy(() => import('./UpdateBar'));

/** Always in the page (the server's HTML too, so hydration matches); says something only when the machine does. */
export function UpdateBanner() {
  const connectivity = useConnectivity();
  const hydrated = useHydrated();
  const [location] = useLocation();
  useEffect(() => {
    connectivity?.send({ type: 'route.changed', path: location });
  }, [connectivity, location]);
  const available = useSelector(connectivity ?? noConnectivity, (s: ConnectivitySnapshot | undefined) => s?.hasTag('updateAvailable') ?? false);
  return (
    <div role="status">
      {hydrated && connectivity && available && (
        <Suspense fallback={null}>
          <UpdateBar connectivity={connectivity} />
        </Suspense>
      )}
    </div>
  );
}
