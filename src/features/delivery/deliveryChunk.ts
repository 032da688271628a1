// The delivery feature's one lazy chunk (docs/ui.md, "Lazy features"): the machine's wiring and the components that
// render it. The loader (deliveryLoader.ts) downloads it on the first need (a product page, the cart panel opened
// with items, /checkout) and starts the cart's actor; the pages reach it through deliverySlot.tsx. The quote itself
// (holiday calendar, rate card) is a further chunk, loaded by the first quote.
import { DeliveryEstimator } from './DeliveryEstimator';
import { DeliverySummary, ProductDelivery } from './DeliverySections';
import { startDelivery, type DeliveryActors, type DeliveryDependencies } from './deliveryActors';

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
