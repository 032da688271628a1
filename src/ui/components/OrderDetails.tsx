import { formatBRL } from '../../domain';
import { formatOrderDate, formatOrderTime, fromCentavos, type Order } from '../../domain/order';
import { DELIVERY_REVIEW_LABEL, formatOrderDelivery } from '../../domain/delivery';
import { styled } from '../theme';

const Items = styled('ul', { listStyle: 'none', margin: 0, padding: 0, '& li': { padding: '$1 0' } });
const Code = styled('textarea', {
  width: '100%',
  minHeight: '4.5em',
  fontFamily: 'monospace',
  fontSize: '0.875rem',
  background: '$inputBackground',
  color: '$textDark',
  border: 'none',
  borderRadius: '$1',
  padding: '$2',
  resize: 'vertical',
});
const Pending = styled('p', { fontWeight: 600, margin: 0 });
const Delivery = styled('div', { display: 'grid', gap: '$1', '& p': { margin: 0 } });
/** A term–value list of an order's facts (status, payment, delivery…), one pair a row. */
export const OrderFacts = styled('dl', {
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  gap: '$1 $3',
  margin: 0,
  '& dt': { fontWeight: 600 },
  '& dd': { margin: 0 },
});

/** The lines of an order: quantity × name, and the line's amount. */
export function OrderItems({ order }: { order: Order }) {
  return (
    <Items aria-label="Itens">
      {order.items.map((item) => (
        <li key={item.productId}>
          {item.quantity} × {item.name} — {formatBRL(fromCentavos(item.unitAmount * item.quantity))}
        </li>
      ))}
    </Items>
  );
}

/** For an order waiting for its Pix or boleto: what is missing and how to pay it. Nothing otherwise. */
export function PendingPayment({ order }: { order: Order }) {
  if (order.status !== 'pending') return null;
  if (order.paymentMethod === 'pix' && order.pix) {
    return (
      <>
        <Pending>
          Pagamento pendente: pague com o Pix copia e cola até {formatOrderTime(order.pix.expiresAt)} de{' '}
          {formatOrderDate(order.pix.expiresAt)}.
        </Pending>
        <label htmlFor={`pix-${order.id}`}>Pix copia e cola</label>
        <Code id={`pix-${order.id}`} readOnly value={order.pix.copyPaste} />
      </>
    );
  }
  if (order.paymentMethod === 'boleto' && order.boleto) {
    return (
      <>
        <Pending>
          Pagamento pendente: pague o boleto até {formatOrderDate(order.boleto.dueAt)}. A confirmação pode levar até 3
          dias úteis.
        </Pending>
        <label htmlFor={`boleto-${order.id}`}>Linha digitável</label>
        <Code id={`boleto-${order.id}`} readOnly value={order.boleto.line} />
      </>
    );
  }
  return <Pending>Pagamento pendente: aguardando a confirmação do pagamento.</Pending>;
}

/**
 * Where and when the order goes: "Entrega: Expressa · R$ 34,90 · chega entre … · Rua Augusta, 100 — São
 * Paulo/SP", who receives it and the total with the frete (`amountTotal` is the products'). Before the address
 * is in, the same line without it. A review the backend raised is spelled out, not only coloured. Nothing for
 * orders from before delivery.
 */
export function DeliveryDetails({ order }: { order: Order }) {
  const { delivery } = order;
  if (!delivery) return null;
  return (
    <Delivery>
      <p>{formatOrderDelivery(delivery)}</p>
      <OrderFacts>
        {delivery.address && (
          <>
            <dt>Quem recebe</dt>
            <dd>{delivery.address.recipient}</dd>
          </>
        )}
        <dt>Total com frete</dt>
        <dd>{formatBRL(fromCentavos(order.amountTotal + delivery.amount))}</dd>
      </OrderFacts>
      {delivery.review && (
        <Pending>
          {DELIVERY_REVIEW_LABEL}: {delivery.review}
        </Pending>
      )}
    </Delivery>
  );
}
