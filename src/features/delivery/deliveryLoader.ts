// The delivery feature's loader: the chunk (deliveryChunk.ts) and the saved CEP's adapter downloaded once, on the
// first need, and the cart's delivery actor started from the services when they arrive (src/features/lazyFeature.ts).
import { lazyFeature } from '../lazyFeature';
import type { DeliveryFeature } from './deliveryChunk';

/**
 * Frete and delivery dates by CEP for these services: the first call loads the chunk and starts the cart's delivery
 * actor, whose parcel follows the cart; every call returns the same promise (React's use() needs that). Null when
 * the chunk could not be loaded; the next call tries again.
 */
export const loadDelivery = lazyFeature<DeliveryFeature>('delivery', async (services) => {
  const { deliveryCep, now, logError } = services.features;
  const [{ startDeliveryFeature }, storage] = await Promise.all([
    import('./deliveryChunk'),
    typeof deliveryCep === 'function' ? deliveryCep() : deliveryCep,
  ]);
  const started = startDeliveryFeature({
    cart: services.cart,
    catalog: services.catalog,
    storage,
    now,
    log: logError,
    inspect: services.inspect,
  });
  return { value: started.feature, stop: started.stop };
});
