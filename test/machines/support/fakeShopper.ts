import type { ShopperSnapshot, ShopperSource } from '../../../src/machines/ordersMachine';

/** Who the auth actor says is signed in: not known yet, nobody, or a uid. */
export type Shopper = 'unknown' | null | string;

/** An auth actor as the orders actor reads it (its `unknown` tag and the signed-in uid), moved by hand. */
export function fakeShopper(initial: Shopper = 'unknown') {
  let shopper = initial;
  const listeners = new Set<(snapshot: ShopperSnapshot) => void>();
  const snapshot = (): ShopperSnapshot => ({
    hasTag: (tag) => tag === 'unknown' && shopper === 'unknown',
    context: { authUser: shopper === 'unknown' || shopper === null ? null : { uid: shopper } },
  });
  const auth: ShopperSource & { set(next: Shopper): void; listeners(): number } = {
    getSnapshot: snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
    set(next) {
      shopper = next;
      for (const listener of [...listeners]) listener(snapshot());
    },
    listeners: () => listeners.size,
  };
  return auth;
}
