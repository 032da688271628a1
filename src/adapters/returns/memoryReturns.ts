import {
  daysSinceDelivery,
  FULFILMENT_MESSAGES,
  isReturnReason,
  withinReturnWindow,
  type Fulfilment,
  type ReturnReason,
} from '../../domain/fulfilment';
import { ReturnFailedError, type ReturnFailure, type ReturnsPort } from './returnsPort';

/** What memoryReturns' 404 says, as the backend does. */
export const NOT_FOUND_MESSAGE = 'Pedido não encontrado.';

export interface MemoryReturns extends ReturnsPort {
  /** Every requestReturn call, oldest first. */
  readonly requests: Array<{ orderId: string; reason: ReturnReason }>;
  /** The fulfilments held, by order id (what the backend has stored). */
  readonly fulfilments: ReadonlyMap<string, Fulfilment>;
  /** Makes every following requestReturn fail with this reason (null to answer again). */
  failWith(reason: Exclude<ReturnFailure, 'refused' | 'not-found'> | null): void;
}

/**
 * The lifecycle's refusal of a return (src/machines/orderLifecycleMachine.ts, which an adapter may not import),
 * in its words; null when it is granted.
 */
function refusalOf(fulfilment: Fulfilment, reason: ReturnReason, at: number): string | null {
  if (fulfilment.status !== 'entregue')
    return FULFILMENT_MESSAGES.invalidTransition(fulfilment.status, 'solicitar a devolução de');
  if (!isReturnReason(reason)) return FULFILMENT_MESSAGES.invalidReason;
  if (fulfilment.deliveredAt === null || !withinReturnWindow(fulfilment.deliveredAt, at))
    return FULFILMENT_MESSAGES.returnWindowClosed(
      fulfilment.deliveredAt === null ? 0 : daysSinceDelivery(fulfilment.deliveredAt, at),
    );
  return null;
}

/**
 * In-memory ReturnsPort over the signed-in shopper's orders (`orders`: id → fulfilment): the backend's rules
 * without HTTP — the lifecycle's rule decides (a refusal is `refused` with its pt-BR message), an id not held is
 * `not-found`, a return already granted answers the stored fulfilment again. `now` is the request's time.
 */
export function memoryReturns(
  options: {
    orders?: Record<string, Fulfilment>;
    now?: () => number;
    signedIn?: () => boolean;
    failure?: Exclude<ReturnFailure, 'refused' | 'not-found'>;
  } = {},
): MemoryReturns {
  const fulfilments = new Map<string, Fulfilment>(
    Object.entries(options.orders ?? {}).map(([id, fulfilment]) => [id, structuredClone(fulfilment)]),
  );
  const requests: Array<{ orderId: string; reason: ReturnReason }> = [];
  const now = options.now ?? Date.now;
  let failure = options.failure ?? null;
  return {
    requests,
    fulfilments,
    failWith(reason) {
      failure = reason;
    },
    async requestReturn(orderId, reason) {
      if (options.signedIn && !options.signedIn())
        throw new ReturnFailedError('unauthenticated', 'nobody is signed in');
      requests.push({ orderId, reason });
      if (failure)
        throw new ReturnFailedError(failure, 'simulated failure', failure === 'http' ? { status: 500 } : undefined);
      const stored = fulfilments.get(orderId);
      if (!stored)
        throw new ReturnFailedError('not-found', `no order ${orderId}`, {
          status: 404,
          userMessage: NOT_FOUND_MESSAGE,
        });
      if (stored.status === 'devolucao_solicitada') return structuredClone(stored);
      const at = now();
      const refusal = refusalOf(stored, reason, at);
      if (refusal) throw new ReturnFailedError('refused', refusal, { status: 409, userMessage: refusal });
      const granted: Fulfilment = {
        ...stored,
        status: 'devolucao_solicitada',
        history: [...stored.history, { status: 'devolucao_solicitada', at }],
        returnReason: reason,
      };
      fulfilments.set(orderId, structuredClone(granted));
      return structuredClone(granted);
    },
  };
}
