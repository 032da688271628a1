import { ClubError } from '../../src/domain';
import type { LineItem } from '../payments/port';

export type SessionStatus = 'open' | 'paid' | 'canceled' | 'declined';
export type SessionOutcome = Exclude<SessionStatus, 'open'>;

/** What we know about a checkout session we created (either provider); kept in `checkoutSessions`. */
export interface StoredSession {
  id: string;
  provider: 'stripe' | 'simulated';
  status: SessionStatus;
  uid: string;
  email: string | null;
  lineItems: LineItem[];
  /** Sum of unitAmount × quantity, in centavos. */
  amountTotal: number;
  currency: 'brl';
  successUrl: string;
  cancelUrl: string;
  /** Epoch milliseconds. */
  createdAt: number;
  expiresAt: number;
  finishedAt: number | null;
}

/** A paid order, kept in `orders` (server-side only; the rules deny clients). Its id is the session id. */
export interface Order {
  id: string;
  provider: 'stripe' | 'simulated';
  uid: string;
  email: string | null;
  lineItems: LineItem[];
  amountTotal: number;
  currency: 'brl';
  paidAt: number;
}

export type SettleResult =
  | { kind: 'settled'; session: StoredSession; order: Order | null }
  /** Already finished (by this or another outcome) or expired: nothing changed. */
  | { kind: 'finished'; session: StoredSession }
  | { kind: 'missing' };

/**
 * Sessions and orders. `settle` is atomic: of two concurrent settle calls for one session exactly one
 * wins, and a paid session records exactly one order (a double click or a webhook retry cannot pay twice).
 */
export interface SettleOptions {
  evenIfExpired?: boolean;
}

export interface CheckoutStore {
  saveSession(session: StoredSession): Promise<void>;
  getSession(id: string): Promise<StoredSession | null>;
  /**
   * Moves an open session to its outcome. `evenIfExpired` is for the provider's own word (a Stripe webhook may
   * arrive after our expiry); the simulated page never passes it.
   */
  settle(id: string, outcome: SessionOutcome, at: number, options?: SettleOptions): Promise<SettleResult>;
  /** Records an order for a session we have no record of (a Stripe webhook for a session saved elsewhere). */
  recordOrder(order: Order): Promise<{ created: boolean }>;
  getOrder(id: string): Promise<Order | null>;
}

export class StoreUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('store/unavailable', `Checkout store unavailable: ${detail}`, options);
  }
}

export function orderFor(session: StoredSession, paidAt: number): Order {
  return {
    id: session.id,
    provider: session.provider,
    uid: session.uid,
    email: session.email,
    lineItems: session.lineItems,
    amountTotal: session.amountTotal,
    currency: session.currency,
    paidAt,
  };
}

/** An open session past its expiry counts as finished: it can no longer be paid. */
export function isPayable(session: StoredSession, now: number, options: SettleOptions = {}): boolean {
  return session.status === 'open' && (options.evenIfExpired === true || now < session.expiresAt);
}
