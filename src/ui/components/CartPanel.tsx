import { memo, useEffect, useRef, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { selectCartItems, selectIsPanelOpen } from '../selectors';
import { paths } from '../paths';
import { useServices } from '../services';
import { Button, styled } from '../theme';
import { CartLines } from './CartLines';
import { DeliverySlot } from '../../features/delivery/deliverySlot';

const Dialog = styled('dialog', {
  margin: '0 0 0 auto',
  padding: 0,
  border: 'none',
  height: '100dvh',
  maxHeight: '100dvh',
  width: '$cartPanel',
  maxWidth: '100vw',
  background: '$surface',
  color: '$textDark',
  boxShadow: '-8px 0 24px rgba(33, 37, 41, 0.2)',
  '@phone': { width: '100vw' },
  '&::backdrop': { background: 'rgba(33, 37, 41, 0.55)' },
});

const Inner = styled('div', {
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  padding: '$5',
});

const Top = styled('div', {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  marginBottom: '$3',
  '& h2': { margin: 0, fontSize: '1.5rem' },
});

const Close = styled('button', {
  width: '44px',
  height: '44px',
  border: 'none',
  background: 'none',
  fontSize: '1.5rem',
  cursor: 'pointer',
  color: '$textDark',
});

const Scroll = styled('div', { flex: 1, overflowY: 'auto' });

/** The cart's delivery estimate (the app-wide actor that follows the cart), from the delivery chunk. */
const CartDelivery = memo(function CartDelivery() {
  return <DeliverySlot>{(delivery) => <delivery.DeliveryEstimator delivery={delivery.cartDelivery} />}</DeliverySlot>;
});

/**
 * The cart side panel of docs/requirements.md#cart-panel on a native modal <dialog>: the browser traps focus, Escape closes it
 * (the `cancel` event), a click on the backdrop closes it, and focus returns to the header's cart button.
 */
export function CartPanel({ returnFocusTo }: { returnFocusTo: RefObject<HTMLButtonElement | null> }) {
  const { cart } = useServices();
  const open = useSelector(cart, selectIsPanelOpen);
  const items = useSelector(cart, selectCartItems);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [, navigate] = useLocation();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Browsers move focus into a modal dialog; make sure of it (and of where it lands: the close button).
      if (!dialog.contains(document.activeElement)) dialog.querySelector<HTMLElement>('button')?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocusTo.current?.focus();
    }
  }, [open, returnFocusTo]);

  // A removed line takes its focused button with it: keep focus inside the panel instead of on <body>.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog?.open && !dialog.contains(document.activeElement))
      dialog.querySelector<HTMLElement>('button')?.focus();
  }, [open, items]);

  const close = () => cart.send({ type: 'cart.panel.close' });

  return (
    <Dialog
      ref={dialogRef}
      aria-labelledby="cart-panel-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={(event) => {
        // The browser closed it (e.g. a form method=dialog): keep the machine in step. Only if it is still
        // closed: Chromium can deliver the `close` event of an earlier close() after the panel was opened again.
        if (open && !event.currentTarget.open) close();
      }}
      onClick={(event) => {
        // A click whose target is the <dialog> itself landed on the backdrop (Inner covers the content box).
        if (event.target === event.currentTarget) close();
      }}
    >
      {open && (
        <Inner>
          <Top>
            <h2 id="cart-panel-title">Carrinho</h2>
            <Close type="button" aria-label="Fechar carrinho" onClick={close}>
              ✕
            </Close>
          </Top>
          <Scroll>
            <CartLines label="Itens no carrinho" />
            {items.length > 0 && <CartDelivery />}
          </Scroll>
          <Button
            type="button"
            fullWidth
            onClick={() => {
              close();
              navigate(paths.checkout);
            }}
          >
            Ir para o Checkout
          </Button>
        </Inner>
      )}
    </Dialog>
  );
}
