import { ClubError } from '../../domain';
import { type Order } from '../../domain/order';

export interface OrdersPort {
  /**
   * The shopper's orders (their `checkoutSessions` other than `open`), newest first. A malformed document is
   * skipped and logged, never the whole list. Throws OrdersUnavailableError when the read fails.
   */
  listMine(uid: string): Promise<Order[]>;
  /**
   * The order of one checkout session, for the confirmation page: null when there is none the signed-in
   * shopper may read (missing, someone else's — under firestore.rules both are a denied read) or malformed.
   * Throws OrdersUnavailableError for other failures.
   */
  getForConfirmation(sessionId: string): Promise<Order | null>;
}

export class OrdersUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('orders/unavailable', `Orders unavailable: ${detail}`, options);
  }
}

export type OrdersLog = (message: string, detail: unknown) => void;
