import { ClubError } from '../../src/domain';
import type { OrderDelivery } from '../../src/domain/delivery';
import { paidFulfilment, type Fulfilment } from '../../src/domain/fulfilment';
import { applyOrderStep, type OrderLifecycleEvent } from '../../src/machines/orderLifecycleMachine';
import type { LineItem, RefundRecord } from '../payments/paymentsPort';

export type SessionStatus = 'open' | 'pending' | 'paid' | 'expired' | 'canceled' | 'declined';
export type SessionOutcome = Exclude<SessionStatus, 'open' | 'pending'>;
export type PaymentMethod = 'card' | 'pix' | 'boleto';

/** A Pix charge waiting to be paid: the "copia e cola" BR Code and when it stops being payable (epoch ms). */
export interface PixDetails {
  copyPaste: string;
  expiresAt: number;
}
/** A boleto waiting to be paid: the 47-digit linha digitável (formatted) and its due date (epoch ms). */
export interface BoletoDetails {
  line: string;
  dueAt: number;
}

/**
 * What we know about a checkout session we created (either provider); kept in `checkoutSessions/{id}`.
 * The storefront reads these documents: every field below is always written (null when not known yet).
 */
export interface StoredSession {
  id: string;
  provider: 'stripe' | 'simulated';
  status: SessionStatus;
  /** How the shopper paid or is paying; null while the session is open. */
  paymentMethod: PaymentMethod | null;
  uid: string;
  email: string | null;
  lineItems: LineItem[];
  /** Sum of unitAmount × quantity, in centavos: the products only (the frete is `delivery.amount`, see amountDue). */
  amountTotal: number;
  currency: 'brl';
  /** The server's quote for the chosen service, then the address; null when no delivery was asked for yet. */
  delivery: OrderDelivery | null;
  successUrl: string;
  cancelUrl: string;
  /** Epoch milliseconds. */
  createdAt: number;
  expiresAt: number;
  finishedAt: number | null;
  pix: PixDetails | null;
  boleto: BoletoDetails | null;
  /** The client's Idempotency-Key for this attempt, or null when the request had none. */
  idempotencyKey: string | null;
  /**
   * The units this checkout took from `products/{id}.stock` when it opened (tracked products only; an untracked
   * product is sold without a reservation). Given back when it ends canceled, declined or expired, or when its
   * order is refunded; kept sold when it is paid. Absent (a session stored before stock existed): none.
   */
  reserved?: ReservedUnits[];
  /**
   * The paid order's life (docs/requirements.md#order-lifecycle), mirrored from `orders/{id}` so that Meus pedidos,
   * which reads these documents, shows it. Absent until the checkout is paid.
   */
  fulfilment?: Fulfilment;
}

/** Units of one product held by a checkout (docs/requirements.md#stock). */
export interface ReservedUnits {
  productId: string;
  quantity: number;
}

/** A line asking for more than its product has left: what the 409 names (STOCK_MESSAGES.notEnough). */
export interface StockShortage {
  productId: string;
  name: string;
  /** Units left, 0 when sold out. */
  left: number;
}

/** A checkout session as the route hands it to `openSession`: what it reserves is the store's to find out. */
export type NewSession = Omit<StoredSession, 'reserved'>;

export type OpenSessionResult =
  /** Reserved and stored, in one transaction (or already stored by an earlier call: nothing reserved again). */
  | { kind: 'opened'; session: StoredSession }
  /** A product has fewer units than a line asks for: nothing reserved, nothing stored. */
  | { kind: 'short'; shortages: StockShortage[] };

/** A paid order, kept in `orders` (server-side only; the rules deny clients). Its id is the session id. */
export interface Order {
  id: string;
  provider: 'stripe' | 'simulated';
  uid: string;
  email: string | null;
  lineItems: LineItem[];
  /** The products total, in centavos; what was charged is amountDue(order). */
  amountTotal: number;
  currency: 'brl';
  delivery: OrderDelivery | null;
  paymentMethod: PaymentMethod | null;
  paidAt: number;
  /**
   * Stripe's PaymentIntent (`pi_…`), what a refund names; null for a simulated payment, and for a Stripe order
   * recorded before it was kept (such an order is refunded in the Stripe Dashboard).
   */
  paymentIntentId: string | null;
  /** Its life after the payment (docs/requirements.md#order-lifecycle); it starts at Pago, at paidAt. */
  fulfilment: Fulfilment;
  /** The money given back, written with the Reembolsado step (recordRefund); null until then. */
  refund: RefundRecord | null;
}

/**
 * An order as a caller records it: without a fulfilment it starts at Pago, at paidAt; without a PaymentIntent id
 * or a refund, they are null.
 */
export type NewOrder = Omit<Order, 'fulfilment' | 'paymentIntentId' | 'refund'> &
  Partial<Pick<Order, 'fulfilment' | 'paymentIntentId' | 'refund'>>;

export type StepOrderResult =
  | { kind: 'applied'; order: Order }
  /** The lifecycle does not take this step from the stored status: nothing changed; `message` says why, in pt-BR. */
  | { kind: 'refused'; message: string; order: Order }
  | { kind: 'missing' };

/** What the shopper pays, in centavos: the products plus the frete. */
export function amountDue(record: Pick<StoredSession, 'amountTotal' | 'delivery'>): number {
  return record.amountTotal + (record.delivery?.amount ?? 0);
}

export type SettleResult =
  | { kind: 'settled'; session: StoredSession; order: Order | null }
  /** Already finished (by this or another outcome), expired, or another payment method: nothing changed. */
  | { kind: 'finished'; session: StoredSession }
  | { kind: 'missing' };

export type SetDeliveryResult =
  | { kind: 'set'; session: StoredSession }
  /** Not open any more (pending, finished, or past its expiry without `evenIfExpired`): nothing changed. */
  | { kind: 'finished'; session: StoredSession }
  | { kind: 'missing' };

export type MarkPendingResult =
  | { kind: 'pending'; session: StoredSession }
  /** Not open any more (pending already, finished, or past its expiry): nothing changed. */
  | { kind: 'finished'; session: StoredSession }
  | { kind: 'missing' };

export interface SettleOptions {
  /** The provider's own word (a Stripe webhook may arrive after our expiry); the simulated page never passes it. */
  evenIfExpired?: boolean;
  /** The method the shopper paid with. A pending session settles only with its own method. */
  paymentMethod?: PaymentMethod;
  /** Stripe's PaymentIntent of a paid session: the order keeps it for its refund. */
  paymentIntentId?: string;
}

export interface PendingOptions {
  evenIfExpired?: boolean;
  /**
   * The amount the Pix code or boleto line was made for: refused (nothing changes) when the session's amountDue is
   * another by now (its delivery changed in another tab between the read and this write).
   */
  amountDue?: number;
}

export interface PendingDetails {
  pix?: PixDetails | null;
  boleto?: BoletoDetails | null;
}

/** What `claimIdempotencyKey` finds for (uid, key). */
export type IdempotencyClaim =
  /** First use: the caller creates the session, then calls `completeIdempotencyKey` (or `releaseIdempotencyKey`). */
  | { kind: 'claimed' }
  /** Same cart again: the session exists (`url` set) or is being created by a concurrent request (`url` null). */
  | { kind: 'existing'; sessionId: string | null; url: string | null }
  /** The key was used with another cart. */
  | { kind: 'conflict' };

/**
 * A claim still without a url this long after it was made belongs to a request that died between the claim and the
 * session (process killed): the next repeat takes it over instead of waiting forever.
 */
export const STALE_CLAIM_MS = 60_000;

/** `idempotencyKeys/{scopedKey}`: one checkout attempt of one shopper. */
export interface IdempotencyRecord {
  uid: string;
  key: string;
  fingerprint: string;
  sessionId: string | null;
  url: string | null;
  createdAt: number;
}

/**
 * Sessions, orders and checkout attempts. `settle` and `markPending` are atomic: of two concurrent calls for one
 * session exactly one wins, and a paid session records exactly one order (a double click, two tabs or a webhook
 * retry cannot pay twice).
 */
export interface CheckoutStore {
  /**
   * Opens a checkout (docs/requirements.md#stock): reads each line's `products/{id}.stock`, refuses when any has
   * fewer units than its line asks for, otherwise takes them and stores the session, all in one transaction, so
   * concurrent checkouts never sell a unit twice and the stock never goes below 0. A product without a stock
   * field (or without a document) is untracked: sold without a reservation.
   */
  openSession(session: NewSession): Promise<OpenSessionResult>;
  /** Stores the session as given, reserving nothing (sessions kept as they were recorded elsewhere, tests). */
  saveSession(session: StoredSession): Promise<void>;
  getSession(id: string): Promise<StoredSession | null>;
  /** Replaces the session's delivery (quote and address), atomically, only while it is open. */
  setDelivery(
    id: string,
    delivery: OrderDelivery,
    at: number,
    options?: { evenIfExpired?: boolean },
  ): Promise<SetDeliveryResult>;
  /** open → pending (Pix shown, boleto issued, Stripe's async payment started), atomically. */
  markPending(
    id: string,
    method: PaymentMethod,
    details: PendingDetails,
    at: number,
    options?: PendingOptions,
  ): Promise<MarkPendingResult>;
  /**
   * Moves an open session to any outcome, a pending one to paid/declined/expired. `expired` is always accepted
   * while the session is not finished; the others need the session within its deadline unless `evenIfExpired`.
   * Canceled, declined and expired give the session's reserved units back in the same transaction; paid keeps
   * them sold. A session already finished changes nothing, so a replayed event never gives units back twice.
   */
  settle(id: string, outcome: SessionOutcome, at: number, options?: SettleOptions): Promise<SettleResult>;
  /** Records an order for a session we have no record of (a Stripe webhook for a session saved elsewhere). */
  recordOrder(order: NewOrder): Promise<{ created: boolean }>;
  getOrder(id: string): Promise<Order | null>;
  /**
   * Moves a paid order one step through its life (docs/requirements.md#order-lifecycle), atomically: of two
   * concurrent steps from one status, one applies and the other is refused. A step taken is written to the order
   * and mirrored to its session, when there is one (the storefront reads sessions).
   */
  stepOrder(id: string, event: OrderLifecycleEvent): Promise<StepOrderResult>;
  /**
   * The refund made (PaymentProvider.refund) and the Reembolsado step at its time, written together, atomically:
   * refused, with nothing written, when the lifecycle does not take reembolsar from the stored status (already
   * Reembolsado included), so one order keeps one refund. The step is mirrored to the session as stepOrder's, and
   * the units its checkout reserved go back to their products' stock in the same transaction.
   */
  recordRefund(id: string, refund: RefundRecord): Promise<StepOrderResult>;
  /** The `limit` most recently paid orders, newest first. */
  listOrders(limit: number): Promise<Order[]>;
  /**
   * Checkouts the backend may expire by itself at `now`, the longest overdue first, at most `limit`: open ones past
   * their expiry, and pending simulated ones past their Pix or boleto deadline (a pending Stripe payment is
   * Stripe's to end: a boleto may be compensated after its due date, and the webhook says so).
   */
  listExpiredSessions(now: number, limit: number): Promise<StoredSession[]>;
  /** Atomically claims `scopedKey` for this cart fingerprint (the first of 50 concurrent claims wins). */
  claimIdempotencyKey(
    scopedKey: string,
    record: Omit<IdempotencyRecord, 'sessionId' | 'url'>,
  ): Promise<IdempotencyClaim>;
  completeIdempotencyKey(scopedKey: string, sessionId: string, url: string): Promise<void>;
  /** The provider failed: the attempt can be retried with the same key. */
  releaseIdempotencyKey(scopedKey: string): Promise<void>;
}

export class StoreUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('store/unavailable', `Checkout store unavailable: ${detail}`, options);
  }
}

/** A new order with what its caller left out: paid, nothing else yet; no PaymentIntent known; no refund. */
export function withFulfilment(order: NewOrder): Order {
  return {
    ...order,
    paymentIntentId: order.paymentIntentId ?? null,
    fulfilment: order.fulfilment ?? paidFulfilment(order.paidAt),
    refund: order.refund ?? null,
  };
}

/** The order after `event`, or the lifecycle's refusal: the rule both stores apply inside their atomic step. */
export function steppedOrder(order: Order, event: OrderLifecycleEvent): Exclude<StepOrderResult, { kind: 'missing' }> {
  const result = applyOrderStep(order.fulfilment, event);
  if (!result.ok) return { kind: 'refused', message: result.message, order };
  return { kind: 'applied', order: { ...order, fulfilment: result.fulfilment } };
}

/** The order refunded: the Reembolsado step at the refund's time and the refund, or the lifecycle's refusal. */
export function refundedOrder(order: Order, refund: RefundRecord): Exclude<StepOrderResult, { kind: 'missing' }> {
  const result = steppedOrder(order, { type: 'reembolsar', at: refund.at });
  if (result.kind === 'refused') return result;
  return { kind: 'applied', order: { ...result.order, refund } };
}

/** listOrders' order: the latest payment first; equal times by id, descending, as Firestore breaks them. */
export function newestPaidFirst(a: Order, b: Order): number {
  return b.paidAt - a.paidAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function orderFor(session: StoredSession, paidAt: number, paymentIntentId: string | null = null): Order {
  return {
    id: session.id,
    provider: session.provider,
    uid: session.uid,
    email: session.email,
    lineItems: session.lineItems,
    amountTotal: session.amountTotal,
    currency: session.currency,
    delivery: session.delivery,
    paymentMethod: session.paymentMethod,
    paidAt,
    paymentIntentId,
    fulfilment: paidFulfilment(paidAt),
    refund: null,
  };
}

/** canceled, declined and expired give a checkout's units back; paid keeps them sold. */
export function releasesStock(outcome: SessionOutcome): boolean {
  return outcome !== 'paid';
}

/**
 * The units a checkout's lines take, by product (a product named on two lines counts once, with both
 * quantities), against `stockOf` (null: untracked, nothing to reserve): what to reserve, or every shortage.
 */
export function reservationFor(
  lineItems: readonly LineItem[],
  stockOf: (productId: string) => number | null,
): { kind: 'reserved'; reserved: ReservedUnits[] } | { kind: 'short'; shortages: StockShortage[] } {
  const wanted = new Map<string, { name: string; quantity: number }>();
  for (const line of lineItems) {
    const entry = wanted.get(line.productId);
    wanted.set(line.productId, { name: line.name, quantity: (entry?.quantity ?? 0) + line.quantity });
  }
  const reserved: ReservedUnits[] = [];
  const shortages: StockShortage[] = [];
  for (const [productId, { name, quantity }] of wanted) {
    const left = stockOf(productId);
    if (left === null) continue;
    if (left < quantity) shortages.push({ productId, name, left: Math.max(left, 0) });
    else reserved.push({ productId, quantity });
  }
  return shortages.length > 0 ? { kind: 'short', shortages } : { kind: 'reserved', reserved };
}

/** Whether the sweep may expire this session at `now` (listExpiredSessions' rule, for the memory store). */
export function isOverdue(session: StoredSession, now: number): boolean {
  if (session.status === 'open') return session.expiresAt <= now;
  if (session.status === 'pending') return session.provider === 'simulated' && deadlineOf(session) <= now;
  return false;
}

/** When a session stops being payable: its Pix or boleto deadline while pending, its own expiry while open. */
export function deadlineOf(session: StoredSession): number {
  if (session.status === 'pending') return session.pix?.expiresAt ?? session.boleto?.dueAt ?? session.expiresAt;
  return session.expiresAt;
}

/** An open or pending session past its deadline counts as finished for payment: it can only expire. */
export function isPayable(session: StoredSession, now: number, options: SettleOptions = {}): boolean {
  if (session.status !== 'open' && session.status !== 'pending') return false;
  return options.evenIfExpired === true || now < deadlineOf(session);
}

/** The transition rule shared by both stores: the settled session, or null when nothing may change. */
export function settledSession(
  session: StoredSession,
  outcome: SessionOutcome,
  at: number,
  options: SettleOptions = {},
): StoredSession | null {
  if (session.status !== 'open' && session.status !== 'pending') return null;
  if (session.status === 'pending') {
    if (outcome === 'canceled') return null;
    if (options.paymentMethod && options.paymentMethod !== session.paymentMethod) return null;
  }
  if (outcome !== 'expired' && !isPayable(session, at, options)) return null;
  return {
    ...session,
    status: outcome,
    paymentMethod: session.paymentMethod ?? options.paymentMethod ?? null,
    finishedAt: at,
  };
}

/** open → pending, or null when the session is not open (or past its expiry without `evenIfExpired`, or its amount changed). */
export function pendingSession(
  session: StoredSession,
  method: PaymentMethod,
  details: PendingDetails,
  at: number,
  options: PendingOptions = {},
): StoredSession | null {
  if (session.status !== 'open') return null;
  if (!options.evenIfExpired && at >= session.expiresAt) return null;
  if (options.amountDue !== undefined && options.amountDue !== amountDue(session)) return null;
  return {
    ...session,
    status: 'pending',
    paymentMethod: method,
    pix: details.pix ?? null,
    boleto: details.boleto ?? null,
  };
}

/** The session with this delivery, or null when it is not open (or past its expiry without `evenIfExpired`). */
export function sessionWithDelivery(
  session: StoredSession,
  delivery: OrderDelivery,
  at: number,
  options: { evenIfExpired?: boolean } = {},
): StoredSession | null {
  if (session.status !== 'open') return null;
  if (!options.evenIfExpired && at >= session.expiresAt) return null;
  return { ...session, delivery };
}
