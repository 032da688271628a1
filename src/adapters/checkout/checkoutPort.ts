import { ClubError, type CartItem } from '../../domain';
import type { DeliveryServiceId } from '../../domain/delivery';

export interface CheckoutSession {
  /** Where the browser goes next: the payment provider's hosted page. */
  url: string;
}

export interface CreateSessionOptions {
  /**
   * One per checkout attempt, sent as the `Idempotency-Key` header: a retry of the same attempt (same cart,
   * after a network failure) carries the same key, so the backend answers the session it already created.
   */
  idempotencyKey?: string;
  /**
   * The delivery the shopper chose: the quoted CEP (8 digits) and the service. The backend quotes it again from
   * its own catalog; the storefront's amount is never sent. Absent when no quote was shown (the plain body of docs/requirements.md#calls).
   */
  delivery?: CheckoutDelivery;
}

export interface CheckoutDelivery {
  cep: string;
  service: DeliveryServiceId;
}

export interface CheckoutPort {
  createSession(items: readonly CartItem[], options?: CreateSessionOptions): Promise<CheckoutSession>;
}

/** `conflict`: the backend answered 409 (e.g. the key was already used for another cart); see `userMessage`. */
export type CheckoutFailure = 'http' | 'timeout' | 'network' | 'invalid-response' | 'unauthenticated' | 'conflict';

export class CheckoutFailedError extends ClubError {
  readonly reason: CheckoutFailure;
  readonly status: number | undefined;
  /** The backend's own pt-BR message, when it sent one meant for the shopper (409). */
  readonly userMessage: string | undefined;
  constructor(
    reason: CheckoutFailure,
    detail: string,
    options?: { cause?: unknown; status?: number; userMessage?: string },
  ) {
    super(`checkout/${reason}`, `Checkout failed (${reason}): ${detail}`, options);
    this.reason = reason;
    this.status = options?.status;
    this.userMessage = options?.userMessage;
  }
}
