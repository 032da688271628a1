import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectGuardView } from '../selectors';
import { useServices } from '../services';
import { styled } from '../theme';
import { LoadingOverlay } from './LoadingOverlay';

const Notice = styled('p', {
  padding: '$4',
  borderRadius: '$1',
  background: '$inputBackground',
  fontWeight: 600,
});

/**
 * The protected route of docs/requirements.md#checkout (/checkout, and "Meus pedidos" the same way): the overlay while auth is unknown,
 * then the children for a signed-in shopper, or `message` and the redirect to /login after 3 s. The guard
 * (checkoutGuardMachine) follows auth itself; a fresh one counts down on each visit.
 */
export function RequireLogin({ message, children }: { message: string; children: ReactNode }) {
  // `inspect` is the statechart inspector's hook (docs/inspector.md), undefined outside local mode.
  const { checkoutGuard, inspect } = useServices();
  const guard = useActorRef(checkoutGuard, { inspect });
  const view = useSelector(guard, selectGuardView);
  if (view === 'unknown') return <LoadingOverlay />;
  return view === 'allowed' ? <>{children}</> : <Notice role="status">{message}</Notice>;
}
