import type { CartItem } from '../../domain';
import { BackendCallFailed, postToBackend, type BackendPortOptions } from '../backendCall';
import { CheckoutFailedError, type CheckoutPort } from './checkoutPort';

export const CREATE_CHECKOUT_SESSION_PATH = 'create-checkout-session';

/**
 * CheckoutPort over our backend: POST <prefixUrl>/create-checkout-session `{ products }` (plus `delivery` when the
 * shopper chose one) with the shopper's Firebase ID token. Every failure becomes a CheckoutFailedError with a
 * reason the UI can act on.
 */
export function createHttpCheckout({ http, idToken, timeoutMs = 15_000 }: BackendPortOptions): CheckoutPort {
  return {
    async createSession(items: readonly CartItem[], options = {}) {
      const token = await idToken().catch(() => null);
      if (!token) throw new CheckoutFailedError('unauthenticated', 'nobody is signed in');
      const products = items.map(({ id, name, imageUrl, price, quantity }) => ({
        id,
        name,
        imageUrl,
        price,
        quantity,
      }));
      let body: unknown;
      try {
        body = await postToBackend(http, CREATE_CHECKOUT_SESSION_PATH, {
          json: options.delivery
            ? { products, delivery: { cep: options.delivery.cep, service: options.delivery.service } }
            : { products },
          idToken: token,
          headers: options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {},
          timeoutMs,
        });
      } catch (error) {
        throw checkoutFailure(error);
      }
      const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
      if (typeof url !== 'string' || !isHttpUrl(url))
        throw new CheckoutFailedError('invalid-response', 'the answer carries no http(s) url');
      return { url };
    },
  };
}

/** A 409 (e.g. the key was already used for another cart) carries the backend's message for the shopper. */
function checkoutFailure(error: unknown): CheckoutFailedError {
  if (!(error instanceof BackendCallFailed)) return new CheckoutFailedError('network', String(error), { cause: error });
  const { reason, detail, status, userMessage, cause } = error.failure;
  if (status === 409) return new CheckoutFailedError('conflict', detail, { cause, status, userMessage });
  return new CheckoutFailedError(reason, detail, { cause, status });
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
