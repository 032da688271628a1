import { MalformedDocumentError } from '../../domain';
import { OrderDocumentStruct, toOrder, type Order } from '../../domain/order';
import type { OrdersLog } from './ordersPort';

export const CHECKOUT_SESSIONS = 'checkoutSessions';

/** The parts of a stored order that can be dropped (read as null) without hiding the order. */
const DROPPABLE_FIELDS = ['delivery', 'fulfilment'] as const;
type DroppableField = (typeof DROPPABLE_FIELDS)[number];
const isDroppable = (key: unknown): key is DroppableField => (DROPPABLE_FIELDS as readonly unknown[]).includes(key);

/**
 * Validates one stored document; a malformed one is logged and answered as null (skipped). A malformed
 * `delivery` or `fulfilment` alone does not hide the order: each is logged and read as null, so the shopper still
 * sees what they bought and paid, only without the delivery details or the order's progress.
 */
export function readOrder(documentId: string, data: unknown, log: OrdersLog): Order | null {
  const [error, document] = OrderDocumentStruct.validate(data);
  if (!error) return toOrder(document);
  const failures = error.failures();
  const describe = (path: readonly unknown[], message: string) =>
    new MalformedDocumentError(CHECKOUT_SESSIONS, documentId, `${path.join('.') || '(document)'}: ${message}`);
  if (failures.every((failure) => isDroppable(failure.path[0])) && typeof data === 'object' && data !== null) {
    const dropped: Partial<Record<DroppableField, null>> = {};
    for (const field of DROPPABLE_FIELDS) {
      const failure = failures.find((candidate) => candidate.path[0] === field);
      if (!failure) continue;
      log(`[orders] dropped a malformed ${field}`, describe(failure.path, failure.message));
      dropped[field] = null;
    }
    return readOrder(documentId, { ...data, ...dropped }, log);
  }
  log('[orders] skipped a malformed document', describe(error.path, error.message));
  return null;
}

export const warn: OrdersLog = (message, detail) => console.warn(message, detail);
