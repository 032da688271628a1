import { useId } from 'react';
import { formatDeliveryWindow } from '../../domain/deliveryOptions';
import { FULFILMENT_STATUS_LABELS, type Fulfilment } from '../../domain/fulfilment';
import { formatOrderDate, formatOrderDateTime, ORDER_STATUS_LABELS, type Order } from '../../domain/order';
import { styled } from '../theme';

// A paid order's life after the payment (docs/requirements.md#orders, #order-lifecycle), as the backend stores it
// on the order (`fulfilment`). Orders without one show exactly what they showed before.

const Progress = styled('div', {
  display: 'grid',
  gap: '$2',
  '& h3': { fontSize: '1rem', margin: 0 },
  '& p': { margin: 0 },
});
const Steps = styled('ol', {
  listStyle: 'none',
  margin: 0,
  padding: '0 0 0 $3',
  borderLeft: '2px solid $border',
  display: 'grid',
  gap: '$1',
});
const StepName = styled('span', { fontWeight: 600 });
const TrackingCode = styled('span', { fontFamily: 'monospace', fontWeight: 600, letterSpacing: '0.05em' });

/** The fulfilment the page shows: a paid order's only (the backend writes it on paid orders alone). */
function shownFulfilment(order: Order): Fulfilment | null {
  return order.status === 'paid' ? order.fulfilment : null;
}

/** What "Situação" says: the step a paid order reached ("Enviado"), or the payment's status ("Pago"). */
export function orderSituation(order: Order): string {
  const fulfilment = shownFulfilment(order);
  return fulfilment ? FULFILMENT_STATUS_LABELS[fulfilment.status] : ORDER_STATUS_LABELS[order.status];
}

/** "Previsão: chega entre qui., 3 de dez. e seg., 7 de dez. · Entregue em 05/12/2026": the promise beside the day. */
function promiseAndDelivery(window: { from: string; to: string }, deliveredAt: number): string {
  const promised = formatDeliveryWindow(window);
  return `Previsão: ${promised.charAt(0).toLowerCase()}${promised.slice(1)} · Entregue em ${formatOrderDate(deliveredAt)}`;
}

/**
 * "Andamento do pedido": each step with its date and time in Brasília ("Enviado — 12/11/2026 às 14:05"), oldest
 * first; the Correios tracking code once there is one; and, once delivered, the promised window beside the day it
 * arrived. Nothing for an order without a fulfilment.
 */
export function OrderProgress({ order }: { order: Order }) {
  const headingId = useId();
  const fulfilment = shownFulfilment(order);
  if (!fulfilment) return null;
  const window = order.delivery?.window;
  return (
    <Progress>
      <h3 id={headingId}>Andamento do pedido</h3>
      <Steps aria-labelledby={headingId}>
        {fulfilment.history.map((step, index) => (
          <li key={`${index}-${step.status}`}>
            <StepName>{FULFILMENT_STATUS_LABELS[step.status]}</StepName> —{' '}
            <time dateTime={new Date(step.at).toISOString()}>{formatOrderDateTime(step.at)}</time>
          </li>
        ))}
      </Steps>
      {fulfilment.trackingCode && (
        <p>
          Código de rastreio: <TrackingCode>{fulfilment.trackingCode}</TrackingCode>
        </p>
      )}
      {fulfilment.deliveredAt !== null && window && <p>{promiseAndDelivery(window, fulfilment.deliveredAt)}</p>}
    </Progress>
  );
}
