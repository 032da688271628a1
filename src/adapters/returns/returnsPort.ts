import { ClubError } from '../../domain';
import type { Fulfilment, ReturnReason } from '../../domain/fulfilment';

/**
 * The shopper's withdrawal right (docs/requirements.md#order-lifecycle): asks the backend to record the return of
 * one of their delivered orders, within 7 days of the delivery, and answers the order's fulfilment as stored then
 * (at Devolução solicitada; asked again, the same one).
 */
export interface ReturnsPort {
  requestReturn(orderId: string, reason: ReturnReason): Promise<Fulfilment>;
}

/**
 * `refused`: the backend answered 409 (the window closed, the order is not delivered); `not-found`: 404 (not one
 * of the shopper's orders). Both carry the backend's pt-BR `userMessage`.
 */
export type ReturnFailure =
  'http' | 'timeout' | 'network' | 'invalid-response' | 'unauthenticated' | 'refused' | 'not-found';

export class ReturnFailedError extends ClubError {
  readonly reason: ReturnFailure;
  readonly status: number | undefined;
  /** The backend's own pt-BR message, when it sent one meant for the shopper (409, 404). */
  readonly userMessage: string | undefined;
  constructor(
    reason: ReturnFailure,
    detail: string,
    options?: { cause?: unknown; status?: number; userMessage?: string },
  ) {
    super(`returns/${reason}`, `Return request failed (${reason}): ${detail}`, options);
    this.reason = reason;
    this.status = options?.status;
    this.userMessage = options?.userMessage;
  }
}
