import {
  STALE_CLAIM_MS,
  deadlineOf,
  isOverdue,
  newestPaidFirst,
  orderFor,
  pendingSession,
  refundedOrder,
  releasesStock,
  reservationFor,
  sessionWithDelivery,
  settledSession,
  steppedOrder,
  withFulfilment,
  type CheckoutStore,
  type IdempotencyRecord,
  type Order,
  type ReservedUnits,
  type StepOrderResult,
  type StoredSession,
} from './sessionStorePort';

export interface MemoryStoreOptions {
  /** Units per product id, as `products/{id}.stock` holds them; a product not named is untracked. */
  stock?: Readonly<Record<string, number>>;
}

/** In-memory CheckoutStore: unit tests and the benchmark. Loses everything on restart. */
export function createMemoryStore({ stock: initialStock = {} }: MemoryStoreOptions = {}): CheckoutStore & {
  readonly sessions: ReadonlyMap<string, StoredSession>;
  readonly orders: ReadonlyMap<string, Order>;
  readonly idempotencyKeys: ReadonlyMap<string, IdempotencyRecord>;
  /** A product's units left, null when untracked. */
  stockOf(productId: string): number | null;
  /** Sets (a number) or stops tracking (null) a product's stock, as the seed or an admin would. */
  setStock(productId: string, units: number | null): void;
} {
  const sessions = new Map<string, StoredSession>();
  const orders = new Map<string, Order>();
  const idempotencyKeys = new Map<string, IdempotencyRecord>();
  const stock = new Map<string, number>(Object.entries(initialStock));
  const copy = <T>(value: T): T => structuredClone(value);
  const stockOf = (productId: string) => stock.get(productId) ?? null;
  /** Units back to products still tracked (one that stopped being tracked is left untracked). */
  const giveBack = (reserved: readonly ReservedUnits[] = []) => {
    for (const { productId, quantity } of reserved) {
      const units = stock.get(productId);
      if (units !== undefined) stock.set(productId, units + quantity);
    }
  };
  /**
   * Writes a step the lifecycle took to the order and its session's mirror (a refund also gives the checkout's
   * units back); a refusal changes nothing.
   */
  const applied = (
    id: string,
    order: Order,
    result: Exclude<StepOrderResult, { kind: 'missing' }>,
    { refund = false } = {},
  ): StepOrderResult => {
    if (result.kind === 'refused') return { ...result, order: copy(order) };
    orders.set(id, copy(result.order));
    const session = sessions.get(id);
    if (session) sessions.set(id, copy({ ...session, fulfilment: result.order.fulfilment }));
    if (session && refund) giveBack(session.reserved);
    return { kind: 'applied', order: copy(result.order) };
  };
  return {
    sessions,
    orders,
    idempotencyKeys,
    stockOf,
    setStock(productId, units) {
      if (units === null) stock.delete(productId);
      else stock.set(productId, units);
    },
    // Single-threaded: no await between reading the stock and taking it, so this is one atomic step.
    async openSession(newSession) {
      const existing = sessions.get(newSession.id);
      if (existing) return { kind: 'opened', session: copy(existing) };
      const reservation = reservationFor(newSession.lineItems, stockOf);
      if (reservation.kind === 'short') return reservation;
      for (const { productId, quantity } of reservation.reserved) stock.set(productId, stockOf(productId)! - quantity);
      const session: StoredSession = { ...copy(newSession), reserved: reservation.reserved };
      sessions.set(session.id, copy(session));
      return { kind: 'opened', session };
    },
    async saveSession(session) {
      sessions.set(session.id, copy(session));
    },
    async getSession(id) {
      const session = sessions.get(id);
      return session ? copy(session) : null;
    },
    // Single-threaded: no await between read and write, so these are atomic.
    async setDelivery(id, delivery, at, options) {
      const session = sessions.get(id);
      if (!session) return { kind: 'missing' };
      const updated = sessionWithDelivery(session, delivery, at, options);
      if (!updated) return { kind: 'finished', session: copy(session) };
      sessions.set(id, copy(updated));
      return { kind: 'set', session: copy(updated) };
    },
    async markPending(id, method, details, at, options) {
      const session = sessions.get(id);
      if (!session) return { kind: 'missing' };
      const pending = pendingSession(session, method, details, at, options);
      if (!pending) return { kind: 'finished', session: copy(session) };
      sessions.set(id, copy(pending));
      return { kind: 'pending', session: copy(pending) };
    },
    async settle(id, outcome, at, options) {
      const session = sessions.get(id);
      if (!session) return { kind: 'missing' };
      const settled = settledSession(session, outcome, at, options);
      if (!settled) return { kind: 'finished', session: copy(session) };
      let order: Order | null = null;
      let mirrored: StoredSession = settled;
      if (outcome === 'paid' && !orders.has(id)) {
        order = orderFor(settled, at, options?.paymentIntentId ?? null);
        orders.set(id, order);
        // The checkout document carries the new order's life from its first step (Meus pedidos reads those documents).
        mirrored = { ...settled, fulfilment: order.fulfilment };
      }
      sessions.set(id, copy(mirrored));
      if (releasesStock(outcome)) giveBack(session.reserved);
      return { kind: 'settled', session: copy(mirrored), order: order && copy(order) };
    },
    async recordOrder(order) {
      if (orders.has(order.id)) return { created: false };
      orders.set(order.id, copy(withFulfilment(order)));
      return { created: true };
    },
    async getOrder(id) {
      const order = orders.get(id);
      return order ? copy(order) : null;
    },
    async stepOrder(id, event) {
      const order = orders.get(id);
      if (!order) return { kind: 'missing' };
      return applied(id, order, steppedOrder(order, event));
    },
    async recordRefund(id, refund) {
      const order = orders.get(id);
      if (!order) return { kind: 'missing' };
      return applied(id, order, refundedOrder(order, refund), { refund: true });
    },
    async listOrders(limit) {
      return [...orders.values()].sort(newestPaidFirst).slice(0, limit).map(copy);
    },
    async listExpiredSessions(now, limit) {
      return [...sessions.values()]
        .filter((session) => isOverdue(session, now))
        .sort((a, b) => deadlineOf(a) - deadlineOf(b))
        .slice(0, Math.max(limit, 0))
        .map(copy);
    },
    async claimIdempotencyKey(scopedKey, record) {
      const existing = idempotencyKeys.get(scopedKey);
      if (!existing) {
        idempotencyKeys.set(scopedKey, { ...record, sessionId: null, url: null });
        return { kind: 'claimed' };
      }
      if (existing.fingerprint !== record.fingerprint || existing.uid !== record.uid) return { kind: 'conflict' };
      if (existing.url === null && record.createdAt - existing.createdAt >= STALE_CLAIM_MS) {
        idempotencyKeys.set(scopedKey, { ...record, sessionId: null, url: null });
        return { kind: 'claimed' };
      }
      return { kind: 'existing', sessionId: existing.sessionId, url: existing.url };
    },
    async completeIdempotencyKey(scopedKey, sessionId, url) {
      const existing = idempotencyKeys.get(scopedKey);
      if (existing) idempotencyKeys.set(scopedKey, { ...existing, sessionId, url });
    },
    async releaseIdempotencyKey(scopedKey) {
      idempotencyKeys.delete(scopedKey);
    },
  };
}
