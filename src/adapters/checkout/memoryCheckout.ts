import type { CartItem } from '../../domain';
import { CheckoutFailedError, type CheckoutDelivery, type CheckoutFailure, type CheckoutPort } from './checkoutPort';

/** What memoryCheckout's 409 says (the backend's wording is its own). */
export const CONFLICT_MESSAGE = 'Este pedido já está sendo processado. Aguarde um instante e tente novamente.';

export interface MemoryCheckout extends CheckoutPort {
  /** Every createSession call's items, oldest first. */
  readonly requests: CartItem[][];
  /** Every createSession call's Idempotency-Key (null when none was given), oldest first. */
  readonly keys: (string | null)[];
  /** Every createSession call's delivery (null when none was given), oldest first. */
  readonly deliveries: (CheckoutDelivery | null)[];
  /** Makes every following createSession fail with this reason (null to succeed again). */
  failWith(reason: CheckoutFailure | null): void;
}

/**
 * In-memory CheckoutPort: answers `<baseUrl>/<n>` (a fake hosted payment page) or fails with a chosen reason,
 * with the same validation and typed errors as the HTTP implementation.
 */
export function memoryCheckout(
  options: { baseUrl?: string; failure?: CheckoutFailure; signedIn?: () => boolean } = {},
): MemoryCheckout {
  const baseUrl = options.baseUrl ?? 'http://127.0.0.1:5000/pay/memory-session';
  let failure: CheckoutFailure | null = options.failure ?? null;
  const requests: CartItem[][] = [];
  const keys: (string | null)[] = [];
  const deliveries: (CheckoutDelivery | null)[] = [];
  /** Like the backend: a key already answered gets the same session back. */
  const sessionsByKey = new Map<string, string>();
  return {
    requests,
    keys,
    deliveries,
    failWith(reason) {
      failure = reason;
    },
    async createSession(items, { idempotencyKey, delivery } = {}) {
      if (options.signedIn && !options.signedIn())
        throw new CheckoutFailedError('unauthenticated', 'nobody is signed in');
      if (items.length === 0) throw new CheckoutFailedError('http', 'the cart is empty', { status: 400 });
      requests.push(items.map((item) => ({ ...item })));
      keys.push(idempotencyKey ?? null);
      deliveries.push(delivery ? { cep: delivery.cep, service: delivery.service } : null);
      if (failure === 'conflict')
        throw new CheckoutFailedError('conflict', 'simulated conflict', { status: 409, userMessage: CONFLICT_MESSAGE });
      if (failure)
        throw new CheckoutFailedError(failure, 'simulated failure', failure === 'http' ? { status: 500 } : undefined);
      const known = idempotencyKey ? sessionsByKey.get(idempotencyKey) : undefined;
      if (known) return { url: known };
      const url = `${baseUrl}-${requests.length}`;
      if (idempotencyKey) sessionsByKey.set(idempotencyKey, url);
      return { url };
    },
  };
}
