import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  array,
  enums,
  integer,
  literal,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  string,
  validate,
  type Describe,
} from 'superstruct';
import { StockUnits } from '../../src/domain/stock';
import { MalformedDocumentError, ProductId } from '../../src/domain';
import { DELIVERY_SERVICES, UFS, type DeliveryAddress, type OrderDelivery } from '../../src/domain/delivery';
import {
  FULFILMENT_STATUSES,
  paidFulfilment,
  RETURN_REASONS,
  type Fulfilment,
  type ReturnReason,
} from '../../src/domain/fulfilment';
import type { LineItem, RefundRecord } from '../payments/paymentsPort';
import {
  deadlineOf,
  orderFor,
  pendingSession,
  refundedOrder,
  releasesStock,
  reservationFor,
  sessionWithDelivery,
  settledSession,
  steppedOrder,
  STALE_CLAIM_MS,
  withFulfilment,
  StoreUnavailableError,
  type CheckoutStore,
  type IdempotencyClaim,
  type IdempotencyRecord,
  type MarkPendingResult,
  type OpenSessionResult,
  type Order,
  type ReservedUnits,
  type SetDeliveryResult,
  type SettleResult,
  type StepOrderResult,
  type StoredSession,
} from './sessionStorePort';

export const SESSIONS_COLLECTION = 'checkoutSessions';
export const ORDERS_COLLECTION = 'orders';
export const IDEMPOTENCY_COLLECTION = 'idempotencyKeys';
/** The catalog's products: `stock` is the source of truth for units (src/domain/stock.ts). */
export const PRODUCTS_COLLECTION = 'products';
/**
 * Concurrent checkouts of the last units contend on one product document; the admin SDK retries an aborted
 * transaction 5 times by default, which 20 shoppers at once can exhaust. Each retry reads the stock anew.
 */
const RESERVATION_ATTEMPTS = 30;

const LineItemStruct: Describe<LineItem> = object({
  productId: ProductId,
  name: string(),
  unitAmount: min(integer(), 0),
  quantity: min(integer(), 1),
});
const AddressStruct: Describe<DeliveryAddress> = object({
  recipient: string(),
  cep: string(),
  street: string(),
  number: string(),
  complement: string(),
  neighborhood: string(),
  city: string(),
  uf: enums(UFS),
});
const DeliveryStruct: Describe<OrderDelivery> = object({
  cep: string(),
  uf: enums(UFS),
  service: enums(DELIVERY_SERVICES),
  serviceName: string(),
  amount: min(integer(), 0),
  businessDays: object({ min: integer(), max: integer() }),
  window: object({ from: string(), to: string() }),
  address: nullable(AddressStruct),
  review: nullable(string()),
});
const FulfilmentStatusStruct = enums(FULFILMENT_STATUSES);
/**
 * The lifecycle resumes from `status` and appends to `history`, so the history's last step must be the status (an
 * empty history has none): otherwise the next step would write a history that contradicts it.
 */
const FulfilmentStruct: Describe<Fulfilment> = refine(
  object({
    status: FulfilmentStatusStruct,
    history: array(object({ status: FulfilmentStatusStruct, at: number() })),
    trackingCode: nullable(string()),
    deliveredAt: nullable(number()),
    returnReason: nullable(enums(Object.keys(RETURN_REASONS) as ReturnReason[])),
  }),
  'fulfilment',
  (fulfilment) =>
    fulfilment.history.at(-1)?.status === fulfilment.status ||
    `its last step is "${fulfilment.history.at(-1)?.status ?? 'none'}", its status "${fulfilment.status}"`,
);
const Provider = enums(['stripe', 'simulated'] as const);
const Method = nullable(enums(['card', 'pix', 'boleto'] as const));
const SessionStruct: Describe<StoredSession> = object({
  id: string(),
  provider: Provider,
  status: enums(['open', 'pending', 'paid', 'expired', 'canceled', 'declined'] as const),
  paymentMethod: Method,
  uid: string(),
  email: nullable(string()),
  lineItems: array(LineItemStruct),
  amountTotal: min(integer(), 0),
  currency: literal('brl'),
  delivery: nullable(DeliveryStruct),
  successUrl: string(),
  cancelUrl: string(),
  createdAt: number(),
  expiresAt: number(),
  finishedAt: nullable(number()),
  pix: nullable(object({ copyPaste: string(), expiresAt: number() })),
  boleto: nullable(object({ line: string(), dueAt: number() })),
  idempotencyKey: nullable(string()),
  reserved: optional(array(object({ productId: ProductId, quantity: min(integer(), 1) }))),
  fulfilment: optional(FulfilmentStruct),
});
const RefundStruct: Describe<RefundRecord> = object({
  provider: Provider,
  id: string(),
  amount: min(integer(), 0),
  at: number(),
});
const OrderStruct: Describe<Order> = object({
  id: string(),
  provider: Provider,
  uid: string(),
  email: nullable(string()),
  lineItems: array(LineItemStruct),
  amountTotal: min(integer(), 0),
  currency: literal('brl'),
  delivery: nullable(DeliveryStruct),
  paymentMethod: Method,
  paidAt: number(),
  paymentIntentId: nullable(string()),
  fulfilment: FulfilmentStruct,
  refund: nullable(RefundStruct),
});
const IdempotencyStruct: Describe<IdempotencyRecord> = object({
  uid: string(),
  key: string(),
  fingerprint: string(),
  sessionId: nullable(string()),
  url: nullable(string()),
  createdAt: number(),
});

/**
 * Documents written before the payment and delivery fields existed lack them: read them as "not known yet"; those
 * written before stock reserved nothing.
 */
const SESSION_DEFAULTS = {
  paymentMethod: null,
  pix: null,
  boleto: null,
  idempotencyKey: null,
  delivery: null,
  reserved: [],
};
/** Orders paid before their PaymentIntent and refund were kept: none known, none made. */
const ORDER_DEFAULTS = { paymentMethod: null, delivery: null, paymentIntentId: null, refund: null };
const withDefaults = (data: unknown, defaults: object): unknown =>
  data && typeof data === 'object' ? { ...defaults, ...data } : data;
/** Orders paid before the order's life was stored have been at Pago since their payment. */
const withOrderDefaults = (data: unknown): unknown => {
  const order = withDefaults(data, ORDER_DEFAULTS);
  if (!order || typeof order !== 'object' || 'fulfilment' in order) return order;
  const { paidAt } = order as { paidAt?: unknown };
  return typeof paidAt === 'number' ? { ...order, fulfilment: paidFulfilment(paidAt) } : order;
};

function parse<T>(collection: string, id: string, data: unknown, struct: Describe<T>): T {
  const [error, value] = validate(data, struct);
  if (error) throw new MalformedDocumentError(collection, id, error.message);
  return value as T;
}

/**
 * Runs `work` after every earlier call that named one of the same keys has finished: reservations of one product
 * from one instance take turns here instead of aborting each other's transactions (each read of the stock is a
 * lock that the other's commit waits for). Waiting calls form a chain in arrival order, so no two wait on each other.
 * Instances still meet in Firestore's transactions, which keep the stock right between them.
 */
function keyedTurns() {
  const tails = new Map<string, Promise<void>>();
  return async <T>(keys: readonly string[], work: () => Promise<T>): Promise<T> => {
    const unique = [...new Set(keys)];
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    const before = unique.map((key) => tails.get(key));
    for (const key of unique) tails.set(key, done);
    try {
      await Promise.all(before);
      return await work();
    } finally {
      finished();
      for (const key of unique) if (tails.get(key) === done) tails.delete(key);
    }
  };
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
  const attempts = firestore.collection(IDEMPOTENCY_COLLECTION);
  const products = firestore.collection(PRODUCTS_COLLECTION);
  const productTurns = keyedTurns();

  /** Units left per product read in `tx`: null for an untracked product (no document, or no stock field). */
  const readStock = async (tx: Transaction, productIds: readonly string[]) => {
    const refs = productIds.map((id) => products.doc(id));
    const snapshots = refs.length > 0 ? await tx.getAll(...refs) : [];
    const stock = new Map<string, { ref: DocumentReference; units: number | null }>();
    snapshots.forEach((snapshot, index) => {
      const productId = productIds[index]!;
      const units: unknown = snapshot.exists ? snapshot.get('stock') : undefined;
      if (units !== undefined && !StockUnits.is(units))
        throw new MalformedDocumentError(PRODUCTS_COLLECTION, productId, `stock: ${JSON.stringify(units)}`);
      stock.set(productId, { ref: refs[index]!, units: units ?? null });
    });
    return stock;
  };
  /** Gives units back in `tx` (its reads done), to the products still tracked. */
  const giveBack = async (tx: Transaction, reserved: readonly ReservedUnits[] = []) => {
    const stock = await readStock(
      tx,
      reserved.map((units) => units.productId),
    );
    return () => {
      for (const { productId, quantity } of reserved) {
        const product = stock.get(productId);
        if (product && product.units !== null) tx.update(product.ref, { stock: FieldValue.increment(quantity) });
      }
    };
  };
  const readSession = (id: string, data: unknown) =>
    parse(SESSIONS_COLLECTION, id, withDefaults(data, SESSION_DEFAULTS), SessionStruct);
  const readOrder = (id: string, data: unknown) => parse(ORDERS_COLLECTION, id, withOrderDefaults(data), OrderStruct);

  /**
   * One transaction over both documents: two concurrent steps from one status cannot both apply, and the session
   * never shows a step the order does not have. `step` is the rule (the lifecycle, and for a refund its record).
   */
  const stepInTransaction = (
    id: string,
    step: (order: Order) => Exclude<StepOrderResult, { kind: 'missing' }>,
    { refund = false } = {},
  ) =>
    firestore.runTransaction(async (tx): Promise<StepOrderResult> => {
      const orderRef = orders.doc(id);
      const sessionRef = sessions.doc(id);
      const [orderSnapshot, sessionSnapshot] = await tx.getAll(orderRef, sessionRef);
      if (!orderSnapshot?.exists) return { kind: 'missing' };
      const result = step(readOrder(id, orderSnapshot.data()));
      if (result.kind === 'refused') return result;
      // A refunded order's units go back on sale; an order with no session of ours reserved none.
      const session = sessionSnapshot?.exists ? readSession(id, sessionSnapshot.data()) : null;
      const release = refund && session ? await giveBack(tx, session.reserved) : null;
      const { fulfilment } = result.order;
      // A refund is written once, with its Reembolsado step; the other steps leave the field as it is.
      tx.update(orderRef, refund ? { fulfilment, refund: result.order.refund } : { fulfilment });
      // An order recorded from a Stripe webhook may have no session of ours to mirror to.
      if (session) tx.update(sessionRef, { fulfilment });
      release?.();
      return result;
    });

  const guard = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MalformedDocumentError) throw error;
      throw new StoreUnavailableError(`${what}: ${(error as Error).message}`, { cause: error });
    }
  };

  return {
    openSession: (newSession) =>
      guard('open session', () =>
        productTurns(
          newSession.lineItems.map((line) => line.productId),
          () =>
            firestore.runTransaction(
              async (tx): Promise<OpenSessionResult> => {
                const sessionRef = sessions.doc(newSession.id);
                const existing = await tx.get(sessionRef);
                // A repeated call for one provider session: it was reserved once, and stays so.
                if (existing.exists) return { kind: 'opened', session: readSession(newSession.id, existing.data()) };
                const stock = await readStock(tx, [...new Set(newSession.lineItems.map((line) => line.productId))]);
                const reservation = reservationFor(newSession.lineItems, (id) => stock.get(id)?.units ?? null);
                if (reservation.kind === 'short') return reservation;
                for (const { productId, quantity } of reservation.reserved)
                  tx.update(stock.get(productId)!.ref, { stock: FieldValue.increment(-quantity) });
                const session: StoredSession = { ...newSession, reserved: reservation.reserved };
                tx.create(sessionRef, session);
                return { kind: 'opened', session };
              },
              { maxAttempts: RESERVATION_ATTEMPTS },
            ),
        ),
      ),
    saveSession: (session) => guard('save session', async () => void (await sessions.doc(session.id).set(session))),
    getSession: (id) =>
      guard('read session', async () => {
        const snapshot = await sessions.doc(id).get();
        return snapshot.exists ? readSession(id, snapshot.data()) : null;
      }),
    settle: (id, outcome, at, options) =>
      guard('settle session', () =>
        // A transaction: two clicks on Pagar (or a click racing a webhook) settle once, record one order.
        firestore.runTransaction(async (tx): Promise<SettleResult> => {
          const sessionRef = sessions.doc(id);
          const orderRef = orders.doc(id);
          const [snapshot, orderSnapshot] = await tx.getAll(sessionRef, orderRef);
          if (!snapshot?.exists) return { kind: 'missing' };
          const session = readSession(id, snapshot.data());
          const settled = settledSession(session, outcome, at, options);
          if (!settled) return { kind: 'finished', session };
          const changes = { status: settled.status, paymentMethod: settled.paymentMethod, finishedAt: at };
          if (releasesStock(outcome)) {
            const release = await giveBack(tx, session.reserved);
            tx.update(sessionRef, changes);
            release();
            return { kind: 'settled', session: settled, order: null };
          }
          if (orderSnapshot?.exists) {
            tx.update(sessionRef, changes);
            return { kind: 'settled', session: settled, order: null };
          }
          const order = orderFor(settled, at, options?.paymentIntentId ?? null);
          tx.create(orderRef, order);
          // The checkout document carries the new order's life from its first step (Meus pedidos reads those documents).
          tx.update(sessionRef, { ...changes, fulfilment: order.fulfilment });
          return { kind: 'settled', session: { ...settled, fulfilment: order.fulfilment }, order };
        }),
      ),
    setDelivery: (id, delivery, at, options) =>
      guard('set session delivery', () =>
        firestore.runTransaction(async (tx): Promise<SetDeliveryResult> => {
          const sessionRef = sessions.doc(id);
          const snapshot = await tx.get(sessionRef);
          if (!snapshot.exists) return { kind: 'missing' };
          const session = readSession(id, snapshot.data());
          const updated = sessionWithDelivery(session, delivery, at, options);
          if (!updated) return { kind: 'finished', session };
          // A plain map: the whole delivery is replaced (a changed service or address leaves nothing stale).
          tx.update(sessionRef, { delivery });
          return { kind: 'set', session: updated };
        }),
      ),
    markPending: (id, method, details, at, options) =>
      guard('mark session pending', () =>
        firestore.runTransaction(async (tx): Promise<MarkPendingResult> => {
          const sessionRef = sessions.doc(id);
          const snapshot = await tx.get(sessionRef);
          if (!snapshot.exists) return { kind: 'missing' };
          const session = readSession(id, snapshot.data());
          const pending = pendingSession(session, method, details, at, options);
          if (!pending) return { kind: 'finished', session };
          tx.update(sessionRef, {
            status: pending.status,
            paymentMethod: pending.paymentMethod,
            pix: pending.pix,
            boleto: pending.boleto,
          });
          return { kind: 'pending', session: pending };
        }),
      ),
    claimIdempotencyKey: (scopedKey, record) =>
      guard('claim idempotency key', async (): Promise<IdempotencyClaim> => {
        const ref = attempts.doc(scopedKey);
        // create() is atomic and needs no transaction: of 50 concurrent claims one creates, the others read.
        try {
          await ref.create({ ...record, sessionId: null, url: null });
          return { kind: 'claimed' };
        } catch (error) {
          if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
        }
        const snapshot = await ref.get();
        // Released between our create and our read: the caller asks again.
        if (!snapshot.exists) return { kind: 'existing', sessionId: null, url: null };
        const existing = parse(IDEMPOTENCY_COLLECTION, scopedKey, snapshot.data(), IdempotencyStruct);
        if (existing.fingerprint !== record.fingerprint || existing.uid !== record.uid) return { kind: 'conflict' };
        if (existing.url === null && record.createdAt - existing.createdAt >= STALE_CLAIM_MS) {
          // Abandoned claim: take it over, once (a transaction, so two repeats cannot both take it).
          return firestore.runTransaction(async (tx): Promise<IdempotencyClaim> => {
            const again = await tx.get(ref);
            if (!again.exists) return { kind: 'existing', sessionId: null, url: null };
            const current = parse(IDEMPOTENCY_COLLECTION, scopedKey, again.data(), IdempotencyStruct);
            if (current.url !== null || record.createdAt - current.createdAt < STALE_CLAIM_MS) {
              return { kind: 'existing', sessionId: current.sessionId, url: current.url };
            }
            tx.update(ref, { createdAt: record.createdAt });
            return { kind: 'claimed' };
          });
        }
        return { kind: 'existing', sessionId: existing.sessionId, url: existing.url };
      }),
    completeIdempotencyKey: (scopedKey, sessionId, url) =>
      guard('complete idempotency key', async () => void (await attempts.doc(scopedKey).update({ sessionId, url }))),
    releaseIdempotencyKey: (scopedKey) =>
      guard('release idempotency key', async () => void (await attempts.doc(scopedKey).delete())),
    recordOrder: (order) =>
      guard('record order', async () => {
        try {
          await orders.doc(order.id).create(withFulfilment(order));
          return { created: true };
        } catch (error) {
          if ((error as { code?: unknown }).code === ALREADY_EXISTS) return { created: false };
          throw error;
        }
      }),
    getOrder: (id) =>
      guard('read order', async () => {
        const snapshot = await orders.doc(id).get();
        return snapshot.exists ? readOrder(id, snapshot.data()) : null;
      }),
    stepOrder: (id, event) => guard('step order', () => stepInTransaction(id, (order) => steppedOrder(order, event))),
    recordRefund: (id, refund) =>
      guard('record refund', () => stepInTransaction(id, (order) => refundedOrder(order, refund), { refund: true })),
    listOrders: (limit) =>
      guard('list orders', async () => {
        if (limit < 1) return [];
        // Ties in paidAt come by id, descending (Firestore follows the last orderBy's direction).
        const snapshot = await orders.orderBy('paidAt', 'desc').limit(limit).get();
        return snapshot.docs.map((doc) => readOrder(doc.id, doc.data()));
      }),
    listExpiredSessions: (now, limit) =>
      guard('list expired checkouts', async () => {
        if (limit < 1) return [];
        // One query per deadline field (firestore.indexes.json has an index for each): a pending session's deadline
        // is its Pix's or its boleto's, which may come after the checkout's own expiry.
        const overdue = (query: Query, field: string) =>
          query.where(field, '<=', now).orderBy(field).limit(limit).get();
        const pending = sessions.where('provider', '==', 'simulated').where('status', '==', 'pending');
        const snapshots = await Promise.all([
          overdue(sessions.where('status', '==', 'open'), 'expiresAt'),
          overdue(pending, 'pix.expiresAt'),
          overdue(pending, 'boleto.dueAt'),
        ]);
        return snapshots
          .flatMap((snapshot) => snapshot.docs.map((doc) => readSession(doc.id, doc.data())))
          .sort((a, b) => deadlineOf(a) - deadlineOf(b))
          .slice(0, limit);
      }),
  };
}
