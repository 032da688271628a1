// The local stack's simulated carrier (docs/local-stack.md): with no real shipping, it takes every paid order one
// step further once its last step is `stepEveryMs` old (Pago → Em separação → Enviado, with a tracking code →
// Entregue), through the same store and lifecycle as `npm run orders`. `npm start` runs it; tests never do (they
// take the steps themselves, by the command). Cancelled and returned orders are the shop owner's: left alone.
import { createHash } from 'node:crypto';
import type { Fulfilment } from '../../src/domain/fulfilment';
import type { OrderLifecycleEvent } from '../../src/machines/orderLifecycleMachine';
import type { CheckoutStore } from '../../server/store/sessionStorePort';

/** How many of the most recently paid orders each round looks at (older ones are long delivered). */
export const CARRIER_ORDERS_PER_ROUND = 100;

/** The Correios check digit of an object code's 8 serial digits (weights 8 6 4 2 3 5 9 7, modulo 11). */
export function correiosCheckDigit(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = [...serial].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  const rest = sum % 11;
  if (rest === 0) return 5;
  if (rest === 1) return 0;
  return 11 - rest;
}

/** The simulated label of an order: "SC", 8 digits drawn from its id, their check digit, "BR". The same order, the same code. */
export function simulatedTrackingCode(orderId: string): string {
  const hash = createHash('sha256').update(orderId).digest();
  const serial = String(hash.readUInt32BE(0) % 100_000_000).padStart(8, '0');
  return `SC${serial}${correiosCheckDigit(serial)}BR`;
}

/** The carrier's next step for an order, or null when it has nothing to do with it (yet, or ever). */
export function nextCarrierStep(
  orderId: string,
  fulfilment: Fulfilment,
  now: number,
  stepEveryMs: number,
): OrderLifecycleEvent | null {
  const lastStepAt = fulfilment.history.at(-1)?.at ?? -Infinity;
  if (now - lastStepAt < stepEveryMs) return null;
  switch (fulfilment.status) {
    case 'pago':
      return { type: 'separar', at: now };
    case 'em_separacao':
      return { type: 'enviar', at: now, trackingCode: simulatedTrackingCode(orderId) };
    case 'enviado':
      return { type: 'entregar', at: now };
    default:
      return null;
  }
}

export interface CarrierRound {
  /** Orders moved one step, as "<id>: <step>". */
  moved: string[];
}

/**
 * One round: each recent order due a step takes it. A step refused (the shop owner took it between our read and our
 * write) is simply not counted: the store's step is atomic, so the order is never moved twice.
 */
export async function runCarrierRound(store: CheckoutStore, now: number, stepEveryMs: number): Promise<CarrierRound> {
  const moved: string[] = [];
  for (const order of await store.listOrders(CARRIER_ORDERS_PER_ROUND)) {
    const step = nextCarrierStep(order.id, order.fulfilment, now, stepEveryMs);
    if (!step) continue;
    const result = await store.stepOrder(order.id, step);
    if (result.kind === 'applied') moved.push(`${order.id}: ${step.type}`);
  }
  return { moved };
}

export interface SimulatedCarrier {
  stop(): Promise<void>;
}

/**
 * Runs a round every quarter of `stepEveryMs` (so a step is at most a quarter late), one round at a time. A failed
 * round (the emulator busy or stopping) is reported and the next one tries again.
 */
export function startSimulatedCarrier({
  store,
  stepEveryMs,
  now = Date.now,
  report,
}: {
  store: CheckoutStore;
  stepEveryMs: number;
  now?: () => number;
  report: (line: string) => void;
}): SimulatedCarrier {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = running.then(async () => {
      if (stopped) return;
      try {
        const { moved } = await runCarrierRound(store, now(), stepEveryMs);
        for (const line of moved) report(`transportadora simulada: ${line}`);
      } catch (error) {
        report(`transportadora simulada: rodada falhou (${(error as Error).message}); tenta de novo`);
      }
    });
  };
  const timer = setInterval(tick, Math.max(1000, Math.floor(stepEveryMs / 4)));
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
