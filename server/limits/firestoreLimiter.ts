import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { LimiterUnavailableError, windowOf, type ShopperLimiter } from './limiterPort';

/** `rateLimits/{uid}_{windowStart}`: { key, count, windowStart, expiresAt }. Clients are denied by firestore.rules. */
export const RATE_LIMITS_COLLECTION = 'rateLimits';

/**
 * Counters in Firestore, one document per shopper and window, incremented in a transaction: every instance of the
 * function sees the same count. Set a TTL policy on `expiresAt` (docs/backend.md) so old windows are deleted.
 */
export function createFirestoreShopperLimiter({ firestore }: { firestore: Firestore }): ShopperLimiter {
  const collection = firestore.collection(RATE_LIMITS_COLLECTION);
  return {
    async hit(key, { max, windowMs, now }) {
      const { start, end } = windowOf(now, windowMs);
      const ref = collection.doc(`${key}_${start}`);
      try {
        return await firestore.runTransaction(async (tx) => {
          const snapshot = await tx.get(ref);
          const count = snapshot.exists ? Number(snapshot.get('count')) || 0 : 0;
          if (count >= max) return { allowed: false, count, retryAfterMs: end - now };
          tx.set(ref, { key, count: count + 1, windowStart: start, expiresAt: Timestamp.fromMillis(end) });
          return { allowed: true, count: count + 1, retryAfterMs: end - now };
        });
      } catch (error) {
        throw new LimiterUnavailableError(`could not count ${ref.path}`, { cause: error });
      }
    },
  };
}
