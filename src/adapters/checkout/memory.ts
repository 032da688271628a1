import type { CartItem } from '../../domain';
import { CheckoutFailedError, type CheckoutFailure, type CheckoutPort } from './port';

export interface MemoryCheckout extends CheckoutPort {
  /** Every createSession call's items, oldest first. */
  readonly requests: CartItem[][];
  /** Makes every following createSession fail with this reason (null to succeed again). */
  failWith(reason: CheckoutFailure | null): void;
}

/**
 * In-memory CheckoutPort: answers `<baseUrl>/<n>` (a fake hosted payment page) or fails with a chosen reason,
 * with the same validation and typed errors as the HTTP implementation.
 */
export function memoryCheckout(options: { baseUrl?: string; failure?: CheckoutFailure; signedIn?: () => boolean } = {}): MemoryCheckout {
  const baseUrl = options.baseUrl ?? 'http://127.0.0.1:5000/pay/memory-session';
  let failure: CheckoutFailure | null = options.failure ?? null;
  const requests: CartItem[][] = [];
  return {
    requests,
    failWith(reason) {
      failure = reason;
    },
    async createSession(items) {
      if (options.signedIn && !options.signedIn())
        throw new CheckoutFailedError('unauthenticated', 'nobody is signed in');
      if (items.length === 0) throw new CheckoutFailedError('http', 'the cart is empty', { status: 400 });
      requests.push(items.map((item) => ({ ...item })));
      if (failure) throw new CheckoutFailedError(failure, 'simulated failure', failure === 'http' ? { status: 500 } : undefined);
      return { url: `${baseUrl}-${requests.length}` };
    },
  };
}
