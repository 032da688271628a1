import type { ShopperSnapshot, ShopperSource } from '../../../src/machines/ordersMachine';
import { handMoved } from '../../support/fakes/handMoved';

/** Who the auth actor says is signed in: not known yet, nobody, or a uid. */
export type Shopper = 'unknown' | null | string;

/** An auth actor as the orders actor reads it (its `unknown` tag and the signed-in uid), moved by hand. */
export function fakeShopper(
  initial: Shopper = 'unknown',
): ShopperSource & ReturnType<typeof handMoved<Shopper, ShopperSnapshot>> {
  return handMoved<Shopper, ShopperSnapshot>(initial, (shopper) => ({
    hasTag: (tag) => tag === 'unknown' && shopper === 'unknown',
    context: { authUser: shopper === 'unknown' || shopper === null ? null : { uid: shopper } },
  }));
}
