import { useSelector } from '@xstate/react';
import { formatBRL } from '../../domain';
import { formatDeliveryPrice, optionOf } from '../../domain/deliveryOptions';
import { selectCartItems, selectCartTotal } from '../../machines/cartMachine';
import { selectedDelivery, type DeliveryActorRef } from '../../machines/deliveryMachine';
import { LOGIN_REDIRECT_DELAY_MS } from '../../machines/checkoutGuardMachine';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { CartLines } from '../components/CartLines';
import { DeliveryEstimator } from '../components/DeliveryEstimator';
import { RequireLogin } from '../components/RequireLogin';

const ErrorText = styled('p', { color: '$errorText', fontWeight: 600 });

const Narrow = styled('div', { maxWidth: '720px' });

const Summary = styled('dl', {
  margin: '$4 0',
  '& div': { display: 'flex', justifyContent: 'space-between', gap: '$3', margin: '$2 0' },
  '& dt, & dd': { margin: 0 },
  '& .with-delivery': { fontSize: '1.25rem', fontWeight: 700 },
});

export const DELIVERY_SUMMARY_TEXTS = {
  delivery: 'Frete',
  notQuoted: 'Calcule acima',
  quoting: 'Calculando…',
  totalWithDelivery: 'Total com frete',
} as const;

/**
 * Under SPEC's total: the chosen delivery's price and the sum of both, in centavos so that 289,90 + 34,90 never
 * becomes 324,79999…; before a quote, where to get one. The lines' own total stays the spec's.
 */
function DeliverySummary({ delivery }: { delivery: DeliveryActorRef }) {
  const { cart } = useServices();
  const total = useSelector(cart, selectCartTotal);
  const option = useSelector(delivery, (s) => (s.matches('quoted') && s.context.quote ? optionOf(s.context.quote, s.context.service) : null));
  // A new quote (another CEP, or the cart changed under it) is on its way: no stale price meanwhile.
  const quoting = useSelector(delivery, (s) => s.hasTag('busy'));
  return (
    <Summary>
      <div>
        <dt>{DELIVERY_SUMMARY_TEXTS.delivery}</dt>
        <dd data-testid="checkout-delivery">{option ? formatDeliveryPrice(option) : quoting ? DELIVERY_SUMMARY_TEXTS.quoting : DELIVERY_SUMMARY_TEXTS.notQuoted}</dd>
      </div>
      {option && (
        <div className="with-delivery">
          <dt>{DELIVERY_SUMMARY_TEXTS.totalWithDelivery}</dt>
          <dd data-testid="checkout-total-with-delivery">{formatBRL((Math.round(total * 100) + option.amount) / 100)}</dd>
        </div>
      )}
    </Summary>
  );
}

export const LOGIN_REQUIRED_MESSAGE = `Você precisa entrar na sua conta para finalizar a compra. Redirecionando para o login em ${
  LOGIN_REDIRECT_DELAY_MS / 1000
} segundos…`;

function CheckoutContent() {
  const { cart, checkout, delivery } = useServices();
  const items = useSelector(cart, selectCartItems);
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const errorMessage = useSelector(checkout, (s) => (s.matches('failed') ? s.context.errorMessage : null));

  return (
    <Narrow>
      <CartLines label="Itens do pedido" />
      {items.length > 0 && (
        <>
          <DeliveryEstimator delivery={delivery} />
          <DeliverySummary delivery={delivery} />
        </>
      )}
      <Button
        type="button"
        disabled={items.length === 0}
        aria-busy={busy}
        aria-disabled={busy || undefined}
        // A click while busy is ignored by checkoutMachine itself (it has no submit in `submitting`).
        // The chosen delivery goes with the order when there is one; the backend quotes it again itself.
        onClick={() => {
          const chosen = selectedDelivery(delivery.getSnapshot());
          checkout.send({ type: 'checkout.submit', items, ...(chosen ? { delivery: chosen } : {}) });
        }}
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
