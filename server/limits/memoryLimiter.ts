import { windowOf, type ShopperLimiter } from './limiterPort';

/** One process's counters (tests, `npm run server` without Firestore): the contract of port.ts, not shared. */
export function createMemoryShopperLimiter(): ShopperLimiter & { size(): number } {
  const counters = new Map<string, { end: number; count: number }>();
  return {
    size: () => counters.size,
    async hit(key, { max, windowMs, now }) {
      const { start, end } = windowOf(now, windowMs);
      const id = `${key}_${start}`;
      let counter = counters.get(id);
      if (!counter) {
        // Drop ended windows so the map does not grow with every shopper forever.
        for (const [other, value] of counters) if (value.end <= now) counters.delete(other);
        counter = { end, count: 0 };
        counters.set(id, counter);
      }
      if (counter.count >= max) return { allowed: false, count: counter.count, retryAfterMs: end - now };
      counter.count += 1;
      return { allowed: true, count: counter.count, retryAfterMs: end - now };
    },
  };
}
