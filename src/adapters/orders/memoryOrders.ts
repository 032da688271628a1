import { isOrder, newestFirst, type Order } from '../../domain/order';
import { readOrder, warn } from './orderDocuments';
import { OrdersUnavailableError, type OrdersLog, type OrdersPort } from './ordersPort';

export interface MemoryOrders extends OrdersPort {
  /** Makes every following read fail with OrdersUnavailableError (false to succeed again). */
  failReads(fail: boolean): void;
  /** Replaces or adds a stored document (as the backend would). */
  put(documentId: string, data: unknown): void;
}

/**
 * In-memory OrdersPort with the behaviour of Firestore under firestore.rules: `signedInAs` reads only
 * documents whose `uid` is theirs (a list for another uid is refused; someone else's session is null).
 * `documents` are raw `checkoutSessions` documents keyed by document id, validated on read.
 */
export function memoryOrders(
  options: { documents?: Readonly<Record<string, unknown>>; signedInAs?: () => string | null; log?: OrdersLog } = {},
): MemoryOrders {
  const documents = new Map<string, unknown>(Object.entries(structuredClone(options.documents ?? {})));
  const log = options.log ?? warn;
  let failing = false;
  const me = () => (options.signedInAs ? options.signedInAs() : null);
  const ownerOf = (data: unknown) =>
    typeof data === 'object' && data !== null ? (data as { uid?: unknown }).uid : undefined;
  return {
    async listMine(uid) {
      if (failing) throw new OrdersUnavailableError('simulated failure');
      if (me() !== uid) throw new OrdersUnavailableError('permission-denied: not signed in as this user');
      return [...documents]
        .filter(([, data]) => ownerOf(data) === uid)
        .map(([id, data]) => readOrder(id, structuredClone(data), log))
        .filter((order): order is Order => order !== null && isOrder(order))
        .sort(newestFirst);
    },
    async getForConfirmation(sessionId) {
      if (failing) throw new OrdersUnavailableError('simulated failure');
      const data = documents.get(sessionId);
      const uid = me();
      if (data === undefined || uid === null || ownerOf(data) !== uid) return null;
      return readOrder(sessionId, structuredClone(data), log);
    },
    failReads(fail) {
      failing = fail;
    },
    put(documentId, data) {
      documents.set(documentId, structuredClone(data));
    },
  };
}
