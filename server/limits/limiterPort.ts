// Per-shopper limits that hold across every backend instance (Cloud Functions scales out: a per-instance counter
// would allow max × instances). Fixed windows: window k covers [k·windowMs, (k+1)·windowMs).

export interface LimitDecision {
  allowed: boolean;
  /** Requests counted in this window, this one included (a refused one is not counted). */
  count: number;
  /** Milliseconds until the window ends. */
  retryAfterMs: number;
}

export interface ShopperLimiter {
  /** Counts one request of `key` (a uid) unless `max` are already counted in the window of `now`. */
  hit(key: string, opts: { max: number; windowMs: number; now: number }): Promise<LimitDecision>;
}

export function windowOf(now: number, windowMs: number): { start: number; end: number } {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/** A limiter that cannot answer (Firestore down) must not stop the shop: the caller lets the request through. */
export class LimiterUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LimiterUnavailableError';
  }
}
