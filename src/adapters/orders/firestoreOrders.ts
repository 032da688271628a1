import { collection, doc, getDoc, getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { isOrder, newestFirst, type Order } from '../../domain/order';
import { CHECKOUT_SESSIONS, readOrder, warn } from './orderDocuments';
import { OrdersUnavailableError, type OrdersLog, type OrdersPort } from './ordersPort';

/**
 * OrdersPort over Cloud Firestore: the backend's `checkoutSessions`, read under firestore.rules (a shopper
 * reads only documents whose `uid` is theirs). Sorted here rather than with orderBy: a shopper has few
 * sessions, and no composite index is needed.
 */
export function createFirestoreOrders({ db, log = warn }: { db: Firestore; log?: OrdersLog }): OrdersPort {
  const sessions = collection(db, CHECKOUT_SESSIONS);
  return {
    async listMine(uid) {
      let docs;
      try {
        docs = (await getDocs(query(sessions, where('uid', '==', uid)))).docs;
      } catch (error) {
        throw new OrdersUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      return docs
        .map((snapshot) => readOrder(snapshot.id, snapshot.data(), log))
        .filter((order): order is Order => order !== null && order.uid === uid && isOrder(order))
        .sort(newestFirst);
    },
    async getForConfirmation(sessionId) {
      let snapshot;
      try {
        snapshot = await getDoc(doc(sessions, sessionId));
      } catch (error) {
        // The rules deny a missing document as they deny someone else's: both mean "nothing to show".
        if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'permission-denied')
          return null;
        throw new OrdersUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
      }
      if (!snapshot.exists()) return null;
      return readOrder(snapshot.id, snapshot.data(), log);
    },
  };
}
