import type { Firestore } from 'firebase-admin/firestore';
import { array, enums, integer, literal, min, nullable, number, object, string, validate, type Describe } from 'superstruct';
import { MalformedDocumentError, ProductId } from '../../src/domain';
import type { LineItem } from '../payments/port';
import {
  isPayable,
  orderFor,
  StoreUnavailableError,
  type CheckoutStore,
  type Order,
  type SettleResult,
  type StoredSession,
} from './port';

export const SESSIONS_COLLECTION = 'checkoutSessions';
export const ORDERS_COLLECTION = 'orders';

const LineItemStruct: Describe<LineItem> = object({
  productId: ProductId,
  name: string(),
  unitAmount: min(integer(), 0),
  quantity: min(integer(), 1),
});
const Provider = enums(['stripe', 'simulated'] as const);
const SessionStruct: Describe<StoredSession> = object({
  id: string(),
  provider: Provider,
  status: enums(['open', 'paid', 'canceled', 'declined'] as const),
  uid: string(),
  email: nullable(string()),
  lineItems: array(LineItemStruct),
  amountTotal: min(integer(), 0),
  currency: literal('brl'),
  successUrl: string(),
  cancelUrl: string(),
  createdAt: number(),
  expiresAt: number(),
  finishedAt: nullable(number()),
});
const OrderStruct: Describe<Order> = object({
  id: string(),
  provider: Provider,
  uid: string(),
  email: nullable(string()),
  lineItems: array(LineItemStruct),
  amountTotal: min(integer(), 0),
  currency: literal('brl'),
  paidAt: number(),
});

function parse<T>(collection: string, id: string, data: unknown, struct: Describe<T>): T {
  const [error, value] = validate(data, struct);
  if (error) throw new MalformedDocumentError(collection, id, error.message);
  return value as T;
}

/** gRPC ALREADY_EXISTS, what `create()` answers when the document is there. */
const ALREADY_EXISTS = 6;

/**
 * CheckoutStore over firebase-admin Firestore: `checkoutSessions/{sessionId}` and `orders/{sessionId}`.
 * The admin SDK is not subject to the security rules; firestore.rules deny both collections to clients.
 * A restart loses nothing: the simulated payment page reads its session from here.
 */
export function createFirestoreStore({ firestore }: { firestore: Firestore }): CheckoutStore {
  const sessions = firestore.collection(SESSIONS_COLLECTION);
  const orders = firestore.collection(ORDERS_COLLECTION);

  const guard = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MalformedDocumentError) throw error;
      throw new StoreUnavailableError(`${what}: ${(error as Error).message}`, { cause: error });
    }
  };

  return {
    saveSession: (session) => guard('save session', async () => void (await sessions.doc(session.id).set(session))),
    getSession: (id) =>
      guard('read session', async () => {
        const snapshot = await sessions.doc(id).get();
        return snapshot.exists ? parse(SESSIONS_COLLECTION, id, snapshot.data(), SessionStruct) : null;
      }),
    settle: (id, outcome, at, options) =>
      guard('settle session', () =>
        // A transaction: two clicks on Pagar (or a click racing a webhook) settle once, record one order.
        firestore.runTransaction(async (tx): Promise<SettleResult> => {
          const sessionRef = sessions.doc(id);
          const orderRef = orders.doc(id);
          const [snapshot, orderSnapshot] = await tx.getAll(sessionRef, orderRef);
          if (!snapshot?.exists) return { kind: 'missing' };
          const session = parse(SESSIONS_COLLECTION, id, snapshot.data(), SessionStruct);
          if (!isPayable(session, at, options)) return { kind: 'finished', session };
          const settled: StoredSession = { ...session, status: outcome, finishedAt: at };
          tx.update(sessionRef, { status: outcome, finishedAt: at });
          let order: Order | null = null;
          if (outcome === 'paid' && !orderSnapshot?.exists) {
            order = orderFor(settled, at);
            tx.create(orderRef, order);
          }
          return { kind: 'settled', session: settled, order };
        }),
      ),
    recordOrder: (order) =>
      guard('record order', async () => {
        try {
          await orders.doc(order.id).create(order);
          return { created: true };
        } catch (error) {
          if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { created: false };
          throw error;
        }
      }),
    getOrder: (id) =>
      guard('read order', async () => {
        const snapshot = await orders.doc(id).get();
        return snapshot.exists ? parse(ORDERS_COLLECTION, id, snapshot.data(), OrderStruct) : null;
      }),
  };
}
