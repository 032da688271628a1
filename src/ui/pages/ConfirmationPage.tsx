import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { formatBRL } from '../../domain';
import { fromCentavos } from '../../domain/order';
import { confirmationMachine, createConfirmationActions } from '../../machines/confirmationMachine';
import { paths } from '../paths';
import { useServices } from '../services';
import { Button, Page, styled } from '../theme';
import { DeliveryDetails, OrderItems, PendingPayment } from '../components/OrderDetails';

export const PAYMENT_SUCCESS_MESSAGE = 'Sua compra foi finalizada com sucesso!';
export const PAYMENT_ERROR_MESSAGE = 'Ocorreu um erro ao finalizar sua compra. Por favor, tente novamente.';

const Box = styled('div', {
  maxWidth: '640px',
  margin: '$6 auto',
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$5',
  '& h1': { margin: 0, fontSize: '1.5rem' },
  variants: {
    tone: {
      success: { '& h1': { color: '$success' } },
      error: { '& h1': { color: '$errorText' } },
      neutral: {},
    },
  },
});

const Summary = styled('section', {
  width: '100%',
  textAlign: 'left',
  display: 'grid',
  gap: '$2',
  '& h2': { fontSize: '1.125rem', margin: 0 },
});

/**
 * What was bought, for the session's owner: read through OrdersPort by an ordersMachine of its own. Shows
 * nothing while loading, for someone else's or a missing session, and when the read fails (the result text
 * above is the page's message).
 */
function SessionOrder({ sessionId }: { sessionId: string }) {
  const { orders: ordersMachine, inspect } = useServices();
  // The actor follows the signed-in shopper by itself and reads this session's order for them.
  const orders = useActorRef(ordersMachine, { input: { sessionId }, inspect });
  const order = useSelector(orders, (s) => (s.matches('loaded') ? (s.context.orders[0] ?? null) : null));

  if (!order) return null;
  return (
    <Summary aria-label="Seu pedido">
      <h2>Seu pedido</h2>
      <OrderItems order={order} />
      <p>
        <strong>Total:</strong> {formatBRL(fromCentavos(order.amountTotal))}
      </p>
      <DeliveryDetails order={order} />
      <PendingPayment order={order} />
    </Summary>
  );
}

/** The page for one outcome in the address: its confirmation actor tells the cart of a confirmed payment itself. */
function Confirmation({
  success,
  canceled,
  sessionId,
}: {
  success: string | null;
  canceled: string | null;
  sessionId: string | null;
}) {
  const { cart, inspect } = useServices();
  const [, navigate] = useLocation();
  const [logic] = useState(() => confirmationMachine.provide(createConfirmationActions({ cart })));
  const confirmation = useActorRef(logic, { input: { success, canceled }, inspect });
  const tone = useSelector(confirmation, (s) =>
    s.hasTag('success') ? 'success' : s.hasTag('error') ? 'error' : 'neutral',
  );
  const paid = tone === 'success';
  const failed = tone === 'error';
  const message = paid ? PAYMENT_SUCCESS_MESSAGE : failed ? PAYMENT_ERROR_MESSAGE : 'Nenhuma compra em andamento.';

  return (
    <Page>
      <Box tone={tone}>
        <div role="status">
          <h1>{message}</h1>
        </div>
        {paid && sessionId && <SessionOrder key={sessionId} sessionId={sessionId} />}
        <Button type="button" onClick={() => navigate(paths.home)}>
          Voltar para a página inicial
        </Button>
        <Link href={paths.orders}>Meus pedidos</Link>
      </Box>
    </Page>
  );
}

export default function ConfirmationPage() {
  const [params] = useSearchParams();
  const success = params.get('success');
  const canceled = params.get('canceled');
  // Another outcome in the address is another visit: a fresh actor reads it.
  return (
    <Confirmation
      key={`${success}:${canceled}`}
      success={success}
      canceled={canceled}
      sessionId={params.get('session_id')}
    />
  );
}
