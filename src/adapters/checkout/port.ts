import { ClubError, type CartItem } from '../../domain';

export interface CheckoutSession {
  /** Where the browser goes next: the payment provider's hosted page. */
  url: string;
}

export interface CheckoutPort {
  createSession(items: readonly CartItem[]): Promise<CheckoutSession>;
}

export type CheckoutFailure = 'http' | 'timeout' | 'network' | 'invalid-response' | 'unauthenticated';

export class CheckoutFailedError extends ClubError {
  readonly reason: CheckoutFailure;
  readonly status: number | undefined;
  constructor(reason: CheckoutFailure, detail: string, options?: { cause?: unknown; status?: number }) {
    super(`checkout/${reason}`, `Checkout failed (${reason}): ${detail}`, options);
    this.reason = reason;
    this.status = options?.status;
  }
}
