import { MalformedDocumentError } from '../../domain';
import { OrderDocumentStruct, toOrder, type Order } from '../../domain/order';
import type { OrdersLog } from './ordersPort';

export const CHECKOUT_SESSIONS = 'checkoutSessions';

/**
 * Validates one stored document; a malformed one is logged and answered as null (skipped). A malformed
 * `delivery` alone does not hide the order: it is logged and read as null, so the shopper still sees what they
 * bought and paid, only without the delivery details.
 */
export function readOrder(documentId: string, data: unknown, log: OrdersLog): Order | null {
  const [error, document] = OrderDocumentStruct.validate(data);
  if (!error) return toOrder(document);
  const failures = error.failures();
  const describe = (path: readonly unknown[], message: string) =>
    new MalformedDocumentError(CHECKOUT_SESSIONS, documentId, `${path.join('.') || '(document)'}: ${message}`);
  if (failures.every((failure) => failure.path[0] === 'delivery') && typeof data === 'object' && data !== null) {
    log('[orders] dropped a malformed delivery', describe(error.path, error.message));
    return readOrder(documentId, { ...data, delivery: null }, log);
  }
  log('[orders] skipped a malformed document', describe(error.path, error.message));
  return null;
}

export const warn: OrdersLog = (message, detail) => console.warn(message, detail);
