import { useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectAuthKnown, selectLoggedIn } from '../selectors';
import { useServices } from '../services';
import { styled } from '../theme';
import { LoadingOverlay } from './LoadingOverlay';

const Notice = styled('p', {
  padding: '$4',
  borderRadius: '$1',
  background: '$inputBackground',
  fontWeight: 600,
});

/** The guard runs once auth is known: logged out → message, then /login after 3 s (checkoutGuardMachine). */
function Guarded({ loggedIn, message, children }: { loggedIn: boolean; message: string; children: ReactNode }) {
  // `inspect` is the statechart inspector's hook (docs/inspector.md), undefined outside local mode.
  const { checkoutGuard, inspect } = useServices();
  const guard = useActorRef(checkoutGuard, { input: { isLoggedIn: loggedIn }, inspect });
  const allowed = useSelector(guard, (s) => s.matches('allowed'));

  useEffect(() => {
    guard.send({ type: loggedIn ? 'guard.loggedIn' : 'guard.loggedOut' });
  }, [guard, loggedIn]);

  return allowed ? <>{children}</> : <Notice role="status">{message}</Notice>;
}

/**
 * SPEC §4's protected route (/checkout, and "Meus pedidos" the same way): the overlay while auth is unknown,
 * then the children for a signed-in shopper, or `message` and the redirect to /login after 3 s.
 */
export function RequireLogin({ message, children }: { message: string; children: ReactNode }) {
  const { auth } = useServices();
  const known = useSelector(auth, selectAuthKnown);
  const loggedIn = useSelector(auth, selectLoggedIn);
  return known ? (
    <Guarded loggedIn={loggedIn} message={message}>
      {children}
    </Guarded>
  ) : (
    <LoadingOverlay />
  );
}
