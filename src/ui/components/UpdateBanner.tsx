// "Nova versão disponível — Atualizar": a new deploy's service worker is waiting. The connectivity machine
// decides when it is said (never while a checkout is open); this banner tells it where the shopper is and
// forwards the press.
import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectUpdateAvailable, UPDATE_ACTION, UPDATE_MESSAGE } from '../../machines/connectivityMachine';
import { useHydrated } from '../hooks/useHydrated';
import { Button, styled } from '../theme';
import { noConnectivity, useConnectivity } from './OfflineStatus';

const Bar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  margin: '$3 $4',
  padding: '$3 $4',
  border: '2px solid $primary',
  borderRadius: '$1',
  '& p': { margin: 0, fontWeight: 600 },
});

/** Always in the page (the server's HTML too, so hydration matches); says something only when the machine does. */
export function UpdateBanner() {
  const connectivity = useConnectivity();
  const hydrated = useHydrated();
  const [location] = useLocation();
  useEffect(() => {
    connectivity?.send({ type: 'route.changed', path: location });
  }, [connectivity, location]);
  const available = useSelector(connectivity ?? noConnectivity, (s) => (s ? selectUpdateAvailable(s) : false));
  return (
    <div role="status" data-testid="update-banner">
      {hydrated && connectivity && available && (
        <Bar>
          <p>{UPDATE_MESSAGE} —</p>
          <Button type="button" onClick={() => connectivity.send({ type: 'update.accept' })}>
            {UPDATE_ACTION}
          </Button>
        </Bar>
      )}
    </div>
  );
}
