import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatBRL } from '../../domain';
import { withinReturnWindow } from '../../domain/fulfilment';
import { formatOrderDate, fromCentavos, PAYMENT_METHOD_LABELS, type Order } from '../../domain/order';
import { LOGIN_REDIRECT_DELAY_MS } from '../../machines/checkoutGuardMachine';
import { createReturnRequestActors, returnRequestMachine } from '../../machines/returnRequestMachine';
import { paths } from '../paths';
import { useServices } from '../services';
import { Button, Page, PageTitle, styled } from '../theme';
import { DeliveryDetails, OrderFacts, OrderItems, PendingPayment } from '../components/OrderDetails';
import { OrderProgress, orderSituation } from '../components/OrderProgress';
import { RequireLogin } from '../components/RequireLogin';
import { ReturnRequest } from '../components/ReturnRequest';
import { useDocumentTitle } from '../hooks/useDocumentTitle';

export const ORDERS_LOGIN_REQUIRED_MESSAGE = `Você precisa entrar na sua conta para ver seus pedidos. Redirecionando para o login em ${
  LOGIN_REDIRECT_DELAY_MS / 1000
} segundos…`;

const List = styled('ol', { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '$4', maxWidth: '720px' });
const Card = styled('article', {
  border: '1px solid $inputBackground',
  borderRadius: '$1',
  padding: '$4',
  display: 'grid',
  gap: '$2',
  '& h2': { fontSize: '1.125rem', margin: 0 },
});
const ErrorText = styled('p', { color: '$errorText', fontWeight: 600 });

/** A paid order delivered up to 7 Brasília days before `now` (CDC, art. 49): the shopper may ask to return it. */
function returnable(order: Order, now: number): boolean {
  const fulfilment = order.status === 'paid' ? order.fulfilment : null;
  return (
    fulfilment?.status === 'entregue' &&
    fulfilment.deliveredAt !== null &&
    withinReturnWindow(fulfilment.deliveredAt, now)
  );
}

type ReturnRequestMachine = typeof returnRequestMachine;

function OrderCard({ order: read, returnRequest }: { order: Order; returnRequest: ReturnRequestMachine }) {
  const { inspect, now } = useServices();
  const returnActor = useActorRef(returnRequest, { input: { orderId: read.id }, inspect });
  // Once the backend recorded the return, its fulfilment is the order's: Situação and the steps follow.
  const granted = useSelector(returnActor, (s) => (s.matches('done') ? s.context.fulfilment : null));
  const order = granted ? { ...read, fulfilment: granted } : read;
  const date = formatOrderDate(order.createdAt);
  return (
    <Card aria-label={`Pedido de ${date}`}>
      <h2>Pedido de {date}</h2>
      <OrderItems order={order} />
      <OrderFacts>
        <dt>Total</dt>
        <dd>{formatBRL(fromCentavos(order.amountTotal))}</dd>
        <dt>Pagamento</dt>
        <dd>{order.paymentMethod ? PAYMENT_METHOD_LABELS[order.paymentMethod] : '—'}</dd>
        <dt>Situação</dt>
        <dd>{orderSituation(order)}</dd>
      </OrderFacts>
      <OrderProgress order={order} />
      <DeliveryDetails order={order} />
      <PendingPayment order={order} />
      {(granted || returnable(read, now())) && <ReturnRequest actor={returnActor} />}
    </Card>
  );
}

function MyOrders() {
  const { orders: ordersMachine, inspect, returns, features } = useServices();
  // Each delivered order's "Solicitar devolução" runs on the backend's returns (provided here: the machine belongs
  // to this page's chunk).
  const returnRequest = useMemo(
    () =>
      returnRequestMachine.provide({
        actors: createReturnRequestActors({ returns }),
        actions: { logError: (_, { error, during }) => features.logError(`[${during}] failed`, error) },
      }),
    [returns, features],
  );
  // The actor follows the signed-in shopper by itself (createOrdersActors).
  const orders = useActorRef(ordersMachine, { inspect });
  const loading = useSelector(orders, (s) => s.matches('idle') || s.hasTag('busy'));
  const failed = useSelector(orders, (s) => (s.matches('failed') ? s.context.errorMessage : null));
  const list = useSelector(orders, (s) => (s.matches('loaded') ? s.context.orders : null));

  if (failed) {
    return (
      <div>
        <ErrorText role="alert">{failed}</ErrorText>
        <Button type="button" onClick={() => orders.send({ type: 'orders.retry' })}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (loading || !list) return <p role="status">Carregando seus pedidos…</p>;
  if (list.length === 0) {
    return (
      <p>
        Você ainda não tem pedidos. <Link href={paths.explore}>Explorar produtos</Link>
      </p>
    );
  }
  return (
    <List>
      {list.map((order) => (
        <li key={order.id}>
          <OrderCard order={order} returnRequest={returnRequest} />
        </li>
      ))}
    </List>
  );
}

export default function OrdersPage() {
  useDocumentTitle('Meus pedidos | Club Clothing');
  return (
    <Page>
      <PageTitle>Meus pedidos</PageTitle>
      <RequireLogin message={ORDERS_LOGIN_REQUIRED_MESSAGE}>
        <MyOrders />
      </RequireLogin>
    </Page>
  );
}
