import { MalformedDocumentError, OrderDocumentStruct, toOrder, type Order } from '../../domain';
import type { OrdersLog } from './port';

export const CHECKOUT_SESSIONS = 'checkoutSessions';

/** Validates one stored document; a malformed one is logged and answered as null (skipped). */
export function readOrder(documentId: string, data: unknown, log: OrdersLog): Order | null {
  const [error, document] = OrderDocumentStruct.validate(data);
  if (error) {
    log('[orders] skipped a malformed document', new MalformedDocumentError(CHECKOUT_SESSIONS, documentId, `${error.path.join('.') || '(document)'}: ${error.message}`));
    return null;
  }
  return toOrder(document);
}

export const warn: OrdersLog = (message, detail) => console.warn(message, detail);
