// Where delivery shows up (product page, cart panel, checkout): its code is the lazy delivery chunk
// (deliveryChunk.ts), so `/`'s entry JS carries only this slot and the loader.
import { Suspense, use, useState, type ReactNode } from 'react';
import { useServices } from '../../ui/services';
import type { DeliveryFeature } from './deliveryChunk';
import { loadDelivery } from './deliveryLoader';

export type { DeliveryFeature };

export type DeliveryLoad = Promise<DeliveryFeature | null>;

/**
 * The delivery chunk for this component: asked for once, when it mounts, and kept for its life. The answer is
 * null when the chunk could not be loaded; the next component to mount asks again.
 */
export function useDeliveryLoad(): DeliveryLoad {
  const services = useServices();
  const [load] = useState(() => loadDelivery(services));
  return load;
}

/** Renders `children` with the delivery feature once it is there, nothing if its code could not be loaded. */
export function DeliveryLoaded({
  load,
  children,
}: {
  load: DeliveryLoad;
  children: (feature: DeliveryFeature) => ReactNode;
}) {
  const feature = use(load);
  return feature ? children(feature) : null;
}

/**
 * A delivery part in a Suspense boundary of its own. A prerender waits for the chunk, so the HTML has the part;
 * hydration leaves that HTML in place (and what the shopper types into it) until the chunk arrives, then hydrates
 * it. The boundary must not re-render meanwhile (React would render it again on the client instead of hydrating
 * it): its parents pass it only what stays the same, behind `memo`.
 */
export function DeliverySlot({ children }: { children: (feature: DeliveryFeature) => ReactNode }) {
  const load = useDeliveryLoad();
  return (
    <Suspense fallback={null}>
      <DeliveryLoaded load={load}>{children}</DeliveryLoaded>
    </Suspense>
  );
}
