import { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { is } from 'superstruct';
import type { Fulfilment, ReturnReason } from '../../domain/fulfilment';
import { OrderFulfilmentStruct } from '../../domain/order';
import { ReturnFailedError, type ReturnsPort } from './returnsPort';

/** The backend's route, relative to its prefix (server/routes/orderReturn.ts). */
export const orderReturnPath = (orderId: string) => `orders/${encodeURIComponent(orderId)}/return`;

/**
 * ReturnsPort over our backend: POST <prefixUrl>/orders/<id>/return `{ reason }` with the shopper's Firebase ID
 * token, answered `{ fulfilment }`. Every failure becomes a ReturnFailedError with a reason the UI can act on; a 409
 * (refused) or 404 (not the shopper's order) carries the backend's pt-BR message.
 */
export function createHttpReturns({
  http,
  idToken,
  timeoutMs = 15_000,
}: {
  /** A ky instance with `prefixUrl` set to the backend. */
  http: KyInstance;
  idToken: () => Promise<string | null>;
  timeoutMs?: number;
}): ReturnsPort {
  return {
    async requestReturn(orderId: string, reason: ReturnReason): Promise<Fulfilment> {
      const token = await idToken().catch(() => null);
      if (!token) throw new ReturnFailedError('unauthenticated', 'nobody is signed in');
      let body: unknown;
      try {
        const response = await http.post(orderReturnPath(orderId), {
          json: { reason },
          headers: { authorization: `Bearer ${token}` },
          timeout: timeoutMs,
          // Asking again is the machine's decision (the backend answers a repeat with the same fulfilment).
          retry: 0,
        });
        body = await response.json().catch((error: unknown) => {
          throw new ReturnFailedError('invalid-response', 'the answer is not JSON', {
            cause: error,
            status: response.status,
          });
        });
      } catch (error) {
        if (error instanceof ReturnFailedError) throw error;
        if (error instanceof HTTPError) {
          const status = error.response.status;
          if (status === 409 || status === 404) {
            const userMessage = await readErrorMessage(error.response);
            throw new ReturnFailedError(status === 409 ? 'refused' : 'not-found', `the backend answered ${status}`, {
              cause: error,
              status,
              userMessage,
            });
          }
          const failure = status === 401 || status === 403 ? 'unauthenticated' : 'http';
          throw new ReturnFailedError(failure, `the backend answered ${status}`, { cause: error, status });
        }
        if (error instanceof TimeoutError)
          throw new ReturnFailedError('timeout', `no answer in ${timeoutMs} ms`, { cause: error });
        throw new ReturnFailedError('network', error instanceof Error ? error.message : String(error), {
          cause: error,
        });
      }
      const fulfilment =
        typeof body === 'object' && body !== null ? (body as { fulfilment?: unknown }).fulfilment : null;
      if (!is(fulfilment, OrderFulfilmentStruct))
        throw new ReturnFailedError('invalid-response', 'the answer carries no valid fulfilment');
      return {
        status: fulfilment.status,
        history: fulfilment.history.map(({ status, at }) => ({ status, at })),
        trackingCode: fulfilment.trackingCode,
        deliveredAt: fulfilment.deliveredAt,
        returnReason: fulfilment.returnReason,
      };
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
