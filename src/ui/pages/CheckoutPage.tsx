import { useSelector } from '@xstate/react';
import { selectCartItems } from '../../machines/cartMachine';
import { LOGIN_REDIRECT_DELAY_MS } from '../../machines/checkoutGuardMachine';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { CartLines } from '../components/CartLines';
import { RequireLogin } from '../components/RequireLogin';

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

export default function CheckoutPage() {
  return (
    <Page>
      <PageTitle>Checkout</PageTitle>
      <RequireLogin message={LOGIN_REQUIRED_MESSAGE}>
        <CheckoutContent />
      </RequireLogin>
    </Page>
  );
}
