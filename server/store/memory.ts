import { isPayable, orderFor, type CheckoutStore, type Order, type StoredSession } from './port';

/** In-memory CheckoutStore: unit tests and the benchmark. Loses everything on restart. */
export function createMemoryStore(): CheckoutStore & { readonly sessions: ReadonlyMap<string, StoredSession>; readonly orders: ReadonlyMap<string, Order> } {
  const sessions = new Map<string, StoredSession>();
  const orders = new Map<string, Order>();
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    sessions,
    orders,
    async saveSession(session) {
      sessions.set(session.id, copy(session));
    },
    async getSession(id) {
      const session = sessions.get(id);
      return session ? copy(session) : null;
    },
    async settle(id, outcome, at, options) {
      // Single-threaded: no await between read and write, so this is atomic.
      const session = sessions.get(id);
      if (!session) return { kind: 'missing' };
      if (!isPayable(session, at, options)) return { kind: 'finished', session: copy(session) };
      const settled: StoredSession = { ...session, status: outcome, finishedAt: at };
      sessions.set(id, settled);
      let order: Order | null = null;
      if (outcome === 'paid' && !orders.has(id)) {
        order = orderFor(settled, at);
        orders.set(id, order);
      }
      return { kind: 'settled', session: copy(settled), order: order && copy(order) };
    },
    async recordOrder(order) {
      if (orders.has(order.id)) return { created: false };
      orders.set(order.id, copy(order));
      return { created: true };
    },
    async getOrder(id) {
      const order = orders.get(id);
      return order ? copy(order) : null;
    },
  };
}
