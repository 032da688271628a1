// The delivery feature's one lazy chunk (docs/requirements.md#delivery): the machine, its wiring and the estimator. createServices
// loads it on the first need (a product page, the cart panel opened with items, /checkout) and starts the cart's
// actor; the components reach it through src/ui/components/DeliverySlot.tsx. The quote itself (holiday
// calendar, rate card) is a further chunk, loaded by the first quote.
import { DeliveryEstimator } from './components/DeliveryEstimator';
import { DeliverySummary, ProductDelivery } from './components/DeliverySections';
import { startDelivery, type DeliveryActors, type DeliveryDependencies } from './deliveryService';

/** The running delivery actors and the components that render them. */
export interface DeliveryFeature extends Omit<DeliveryActors, 'stop'> {
  DeliveryEstimator: typeof DeliveryEstimator;
  ProductDelivery: typeof ProductDelivery;
  DeliverySummary: typeof DeliverySummary;
}

export function startDeliveryFeature(dependencies: DeliveryDependencies): { feature: DeliveryFeature; stop(): void } {
  const { stop, ...actors } = startDelivery(dependencies);
  return { feature: { ...actors, DeliveryEstimator, ProductDelivery, DeliverySummary }, stop };
}
