import { is } from 'superstruct';
import type { Fulfilment, ReturnReason } from '../../domain/fulfilment';
import { copyFulfilment, OrderFulfilmentStruct } from '../../domain/order';
import { BackendCallFailed, postToBackend, type BackendPortOptions } from '../backendCall';
import { ReturnFailedError, type ReturnsPort } from './returnsPort';

/** The backend's route, relative to its prefix (server/routes/orderReturn.ts). */
export const orderReturnPath = (orderId: string) => `orders/${encodeURIComponent(orderId)}/return`;

/**
 * ReturnsPort over our backend: POST <prefixUrl>/orders/<id>/return `{ reason }` with the shopper's Firebase ID
 * token, answered `{ fulfilment }`. Every failure becomes a ReturnFailedError with a reason the UI can act on; a 409
 * (refused) or 404 (not the shopper's order) carries the backend's pt-BR message.
 */
export function createHttpReturns({ http, idToken, timeoutMs = 15_000 }: BackendPortOptions): ReturnsPort {
  return {
    async requestReturn(orderId: string, reason: ReturnReason): Promise<Fulfilment> {
      const token = await idToken().catch(() => null);
      if (!token) throw new ReturnFailedError('unauthenticated', 'nobody is signed in');
      let body: unknown;
      try {
        body = await postToBackend(http, orderReturnPath(orderId), { json: { reason }, idToken: token, timeoutMs });
      } catch (error) {
        throw returnFailure(error);
      }
      const fulfilment =
        typeof body === 'object' && body !== null ? (body as { fulfilment?: unknown }).fulfilment : null;
      if (!is(fulfilment, OrderFulfilmentStruct))
        throw new ReturnFailedError('invalid-response', 'the answer carries no valid fulfilment');
      return copyFulfilment(fulfilment);
    },
  };
}

/** A 409 (refused) or 404 (not the shopper's order) carries the backend's message for the shopper. */
function returnFailure(error: unknown): ReturnFailedError {
  if (!(error instanceof BackendCallFailed)) return new ReturnFailedError('network', String(error), { cause: error });
  const { reason, detail, status, userMessage, cause } = error.failure;
  if (status === 409 || status === 404)
    return new ReturnFailedError(status === 409 ? 'refused' : 'not-found', detail, { cause, status, userMessage });
  return new ReturnFailedError(reason, detail, { cause, status });
}
