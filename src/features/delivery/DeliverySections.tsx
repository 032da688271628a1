// The delivery parts of the product page and the checkout, in the lazy delivery chunk (src/ui/deliveryFeature.ts).
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { formatBRL, type Product } from '../../domain';
import { formatDeliveryPrice, optionOf } from '../../domain/deliveryOptions';
import { selectCartTotal } from '../selectors';
import type { DeliveryActorRef } from '../../machines/deliveryMachine';
import type { DeliveryActors } from '../deliveryService';
import { useServices } from '../services';
import { styled } from '../theme';
import { DeliveryEstimator } from './DeliveryEstimator';

/**
 * The delivery estimate of one unit of a product: an actor of its own, started on mount and stopped on unmount
 * (the page keys it by product, so a related product's page gets a fresh one). Created during render so the
 * prerendered HTML already has the CEP field.
 */
export function ProductDelivery({
  delivery,
  product,
  categoryId,
}: {
  delivery: Pick<DeliveryActors, 'createProductDelivery'>;
  product: Product;
  categoryId: string;
}) {
  const [actor] = useState(() => delivery.createProductDelivery(product, categoryId));
  useEffect(() => {
    actor.start();
    return () => actor.stop();
  }, [actor]);
  return <DeliveryEstimator delivery={actor} />;
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
