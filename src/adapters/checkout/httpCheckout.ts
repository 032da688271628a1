import { HTTPError, TimeoutError, type KyInstance } from 'ky';
import type { CartItem } from '../../domain';
import { CheckoutFailedError, type CheckoutPort } from './checkoutPort';

export const CREATE_CHECKOUT_SESSION_PATH = 'create-checkout-session';

/**
 * CheckoutPort over our backend: POST <prefixUrl>/create-checkout-session `{ products }` (plus `delivery` when the
 * shopper chose one) with the shopper's Firebase ID token. Every failure becomes a CheckoutFailedError with a
 * reason the UI can act on.
 */
export function createHttpCheckout({
  http,
  idToken,
  timeoutMs = 15_000,
}: {
  /** A ky instance with `prefixUrl` set to the backend. */
  http: KyInstance;
  idToken: () => Promise<string | null>;
  timeoutMs?: number;
}): CheckoutPort {
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
        const response = await http.post(CREATE_CHECKOUT_SESSION_PATH, {
          json: options.delivery
            ? { products, delivery: { cep: options.delivery.cep, service: options.delivery.service } }
            : { products },
          headers: {
            authorization: `Bearer ${token}`,
            ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
          },
          timeout: timeoutMs,
          retry: 0, // resending is the checkout machine's decision (same attempt → same Idempotency-Key), not ky's
        });
        body = await response.json().catch((error: unknown) => {
          throw new CheckoutFailedError('invalid-response', 'the answer is not JSON', {
            cause: error,
            status: response.status,
          });
        });
      } catch (error) {
        if (error instanceof CheckoutFailedError) throw error;
        if (error instanceof HTTPError) {
          const status = error.response.status;
          if (status === 409) {
            const userMessage = await readErrorMessage(error.response);
            throw new CheckoutFailedError('conflict', 'the backend answered 409', {
              cause: error,
              status,
              userMessage,
            });
          }
          const reason = status === 401 || status === 403 ? 'unauthenticated' : 'http';
          throw new CheckoutFailedError(reason, `the backend answered ${status}`, { cause: error, status });
        }
        if (error instanceof TimeoutError)
          throw new CheckoutFailedError('timeout', `no answer in ${timeoutMs} ms`, { cause: error });
        throw new CheckoutFailedError('network', error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      const url = typeof body === 'object' && body !== null ? (body as { url?: unknown }).url : undefined;
      if (typeof url !== 'string' || !isHttpUrl(url))
        throw new CheckoutFailedError('invalid-response', 'the answer carries no http(s) url');
      return { url };
    },
  };
}

/** `{ error: { message } }`, the backend's error shape; undefined when the body is anything else. */
async function readErrorMessage(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null);
  const message =
    typeof body === 'object' && body !== null ? (body as { error?: { message?: unknown } }).error?.message : undefined;
  return typeof message === 'string' && message.length > 0 && message.length <= 300 ? message : undefined;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
