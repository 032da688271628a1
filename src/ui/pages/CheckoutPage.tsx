import { Suspense, use, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { selectOrderItems } from '../selectors';
import { LOGIN_REDIRECT_DELAY_MS } from '../../machines/checkoutGuardMachine';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { CartLines } from '../components/CartLines';
import type { DeliveryLoad } from '../../features/delivery/deliverySlot';
import { LoadingOverlay } from '../components/LoadingOverlay';
import { RequireLogin } from '../components/RequireLogin';
import { CHECKOUT_OFFLINE_MESSAGE, OfflineNotice } from '../components/OfflineNotice';

const ErrorText = styled('p', { color: '$errorText', fontWeight: 600 });

const Narrow = styled('div', { maxWidth: '720px' });

export const LOGIN_REQUIRED_MESSAGE = `Você precisa entrar na sua conta para finalizar a compra. Redirecionando para o login em ${
  LOGIN_REDIRECT_DELAY_MS / 1000
} segundos…`;

/** The order, with the cart's delivery (estimator, "Frete", "Total com frete") once the delivery chunk is there. */
function CheckoutContent({ load }: { load: DeliveryLoad }) {
  const { cart, checkout } = useServices();
  // Null when the delivery code could not be loaded: the order still goes, without a delivery.
  const delivery = use(load);
  // A sold-out line stays in the cart, marked, but does not go with the order.
  const items = useSelector(cart, selectOrderItems);
  // The units left of each line, read on arrival: lines above them come down to them.
  useEffect(() => cart.send({ type: 'cart.stock.check' }), [cart]);
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const errorMessage = useSelector(checkout, (s) => (s.matches('failed') ? s.context.errorMessage : null));

  return (
    <Narrow>
      <CartLines label="Itens do pedido" />
      {items.length > 0 && delivery && (
        <>
          <delivery.DeliveryEstimator delivery={delivery.cartDelivery} />
          <delivery.DeliverySummary delivery={delivery.cartDelivery} />
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
          const chosen = delivery?.chosenDelivery() ?? null;
          checkout.send({ type: 'checkout.submit', items, ...(chosen ? { delivery: chosen } : {}) });
        }}
      >
        Finalizar Compra
      </Button>
      <OfflineNotice message={CHECKOUT_OFFLINE_MESSAGE} />
      <div aria-live="polite">
        {busy && <p>Aguarde, abrindo a página de pagamento…</p>}
        {errorMessage && <ErrorText role="alert">{errorMessage}</ErrorText>}
      </div>
    </Narrow>
  );
}

/**
 * `delivery`: the delivery feature, asked for by the route on arrival (src/ui/App.tsx, with the delivery slot in the
 * entry) and held by this page (it does not wait for it), so the content can wait in its boundary.
 */
export default function CheckoutPage({ delivery: load }: { delivery: DeliveryLoad }) {
  return (
    <Page>
      <PageTitle>Checkout</PageTitle>
      <RequireLogin message={LOGIN_REQUIRED_MESSAGE}>
        <Suspense fallback={<LoadingOverlay />}>
          <CheckoutContent load={load} />
        </Suspense>
      </RequireLogin>
    </Page>
  );
}
