// The delivery parts of the product page and the checkout, in the lazy delivery chunk (deliveryChunk.ts).
import { useSelector } from '@xstate/react';
import { formatBRL, type Product } from '../../domain';
import { formatDeliveryPrice, optionOf } from '../../domain/deliveryOptions';
import type { DeliveryActorRef } from '../../machines/deliveryMachine';
import { selectCartTotal } from '../../ui/selectors';
import { useServices } from '../../ui/services';
import { styled } from '../../ui/theme';
import { useProductDelivery, type DeliveryActors } from './deliveryActors';
import { DeliveryEstimator } from './DeliveryEstimator';

/** The delivery estimate of one unit of a product: an actor of its own, run by the wiring (useProductDelivery). */
export function ProductDelivery({
  delivery,
  product,
  categoryId,
}: {
  delivery: Pick<DeliveryActors, 'productDelivery'>;
  product: Product;
  categoryId: string;
}) {
  return <DeliveryEstimator delivery={useProductDelivery(delivery, product, categoryId)} />;
}

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
 * Under the cart's total on /checkout: the chosen delivery's price and the sum of both, in centavos so that
 * 289,90 + 34,90 never becomes 324,79999…; before a quote, where to get one. The lines' own total stays as it is.
 */
export function DeliverySummary({ delivery }: { delivery: DeliveryActorRef }) {
  const { cart } = useServices();
  const total = useSelector(cart, selectCartTotal);
  const option = useSelector(delivery, (s) =>
    s.matches('quoted') && s.context.quote ? optionOf(s.context.quote, s.context.service) : null,
  );
  // A new quote (another CEP, or the cart changed under it) is on its way: no stale price meanwhile.
  const quoting = useSelector(delivery, (s) => s.hasTag('busy'));
  return (
    <Summary>
      <div>
        <dt>{DELIVERY_SUMMARY_TEXTS.delivery}</dt>
        <dd data-testid="checkout-delivery">
          {option
            ? formatDeliveryPrice(option)
            : quoting
              ? DELIVERY_SUMMARY_TEXTS.quoting
              : DELIVERY_SUMMARY_TEXTS.notQuoted}
        </dd>
      </div>
      {option && (
        <div className="with-delivery">
          <dt>{DELIVERY_SUMMARY_TEXTS.totalWithDelivery}</dt>
          <dd data-testid="checkout-total-with-delivery">
            {formatBRL((Math.round(total * 100) + option.amount) / 100)}
          </dd>
        </div>
      )}
    </Summary>
  );
}
