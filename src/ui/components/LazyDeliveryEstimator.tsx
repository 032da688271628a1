import { lazy, Suspense } from 'react';
import type { DeliveryActorRef } from '../../machines/deliveryMachine';

// The estimator is a chunk of its own, so the entry JS of every page keeps its size. The prerender waits for lazy
// parts, so a product page's HTML has the whole form, which React hydrates once the chunk arrives (a CEP typed
// meanwhile stays in the field: DeliveryEstimator reads it then). A client render shows an empty box of the
// form's height meanwhile.
const DeliveryEstimator = lazy(() => import('./DeliveryEstimator').then((module) => ({ default: module.DeliveryEstimator })));

/** The empty form's height: its margins (2 × 12), the label (24), the field (44) and two gaps of 8. */
const FORM_HEIGHT = 108;

export function LazyDeliveryEstimator({ delivery }: { delivery: DeliveryActorRef }) {
  return (
    <Suspense fallback={<div style={{ height: FORM_HEIGHT, width: '100%' }} />}>
      <DeliveryEstimator delivery={delivery} />
    </Suspense>
  );
}
