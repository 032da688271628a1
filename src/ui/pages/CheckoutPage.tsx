import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { selectCartItems } from '../../machines/cartMachine';
import { LOGIN_REDIRECT_DELAY_MS } from '../../machines/checkoutGuardMachine';
import { selectAuthKnown, selectLoggedIn } from '../selectors';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { CartLines } from '../components/CartLines';
import { LoadingOverlay } from '../components/LoadingOverlay';

const Notice = styled('p', {
  padding: '$4',
  borderRadius: '$1',
  background: '$inputBackground',
  fontWeight: 600,
});

const ErrorText = styled('p', { color: '$errorText', fontWeight: 600 });

const Narrow = styled('div', { maxWidth: '720px' });

export const LOGIN_REQUIRED_MESSAGE = `Você precisa entrar na sua conta para finalizar a compra. Redirecionando para o login em ${
  LOGIN_REDIRECT_DELAY_MS / 1000
} segundos…`;

function CheckoutContent() {
  const { cart, checkout } = useServices();
  const items = useSelector(cart, selectCartItems);
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const errorMessage = useSelector(checkout, (s) => (s.matches('failed') ? s.context.errorMessage : null));

  return (
    <Narrow>
      <CartLines label="Itens do pedido" />
      <Button
        type="button"
        disabled={items.length === 0}
        aria-busy={busy}
        aria-disabled={busy || undefined}
        // A click while busy is ignored by checkoutMachine itself (it has no submit in `submitting`).
        onClick={() => checkout.send({ type: 'checkout.submit', items })}
      >
        Finalizar Compra
      </Button>
      <div aria-live="polite">
        {busy && <p>Aguarde, abrindo a página de pagamento…</p>}
        {errorMessage && <ErrorText role="alert">{errorMessage}</ErrorText>}
      </div>
    </Narrow>
  );
}

/** The guard runs once auth is known: logged out → message, then /login after 3 s. */
function GuardedCheckout({ loggedIn }: { loggedIn: boolean }) {
  const { checkoutGuard, inspect } = useServices();
  const guard = useActorRef(checkoutGuard, { input: { isLoggedIn: loggedIn }, inspect });
  const allowed = useSelector(guard, (s) => s.matches('allowed'));

  useEffect(() => {
    guard.send({ type: loggedIn ? 'guard.loggedIn' : 'guard.loggedOut' });
  }, [guard, loggedIn]);

  return allowed ? <CheckoutContent /> : <Notice role="status">{LOGIN_REQUIRED_MESSAGE}</Notice>;
}

export default function CheckoutPage() {
  const { auth } = useServices();
  const known = useSelector(auth, selectAuthKnown);
  const loggedIn = useSelector(auth, selectLoggedIn);

  return (
    <Page>
      <PageTitle>Checkout</PageTitle>
      {known ? <GuardedCheckout loggedIn={loggedIn} /> : <LoadingOverlay />}
    </Page>
  );
}
