import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import { OrdersUnavailableError } from '../../../src/adapters/orders/ordersPort';
import type { Order } from '../../../src/domain/order';
import { createOrdersActors, ordersMachine } from '../../../src/machines/ordersMachine';
import { controllable, tick } from '../../support/fakes/controllable';
import { fakeShopper } from '../support/fakeShopper';
import { pathName, shortestPaths, type ModelPath, type TransitionRecorder } from './modelGraph';

const order: Order = {
  id: 's1',
  status: 'paid',
  uid: 'ana',
  items: [{ productId: 'j1', name: 'Jaqueta de Couro Preta', unitAmount: 50000, quantity: 1 }],
  amountTotal: 50000,
  createdAt: Date.UTC(2026, 10, 20),
  paymentMethod: 'card',
  pix: null,
  boleto: null,
  delivery: null,
  fulfilment: null,
};

const AFTER = 'xstate.after.ordersTimeout.orders.loading';
/** The agreed deadline, written here (not read from the machine). */
const DEADLINE_MS = 8_000;

export const ordersPaths = shortestPaths(ordersMachine, {
  // A retry is offered everywhere: only a failed read may start another one.
  offerEverywhere: ['orders.retry'],
  variants: (type) => {
    switch (type) {
      case 'orders.load':
        return [
          { type, uid: 'ana' },
          { type, uid: 'ana', sessionId: 's1' },
        ];
      case 'xstate.done.actor.loadOrders':
        return [{ type, output: [order] }];
      case 'xstate.error.actor.loadOrders':
        return [{ type, error: new OrdersUnavailableError('offline') }];
      case AFTER:
        return [{ type }];
      default:
        return undefined;
    }
  },
});

export const ordersPathName = (path: ModelPath<typeof ordersMachine>) =>
  pathName(path, (event) => {
    const e = event as EventObject & { sessionId?: string };
    return e.type === 'orders.load' ? (e.sessionId ? 'session' : 'mine') : '';
  });

/** The written reference: one port read per load or retry, the latest answer shown, a message after a failure. */
export async function runOrdersPath(path: ModelPath<typeof ordersMachine>, recorder?: TransitionRecorder) {
  const listMine = controllable<[string], Order[]>('listMine');
  const getForConfirmation = controllable<[string], Order | null>('getForConfirmation');
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    ordersMachine.provide({
      // Auth never becomes known here: the walk sends orders.load and orders.signedOut itself.
      actors: createOrdersActors({
        orders: { listMine: listMine.fn, getForConfirmation: getForConfirmation.fn },
        auth: fakeShopper('unknown'),
      }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { inspect: recorder?.inspect, clock },
  );
  const ref = {
    phase: 'idle' as 'idle' | 'loading' | 'loaded' | 'failed',
    mine: 0,
    session: 0,
    lastWasSession: false,
    shown: [] as Order[],
    errors: 0,
    message: null as string | null,
  };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as EventObject & { uid?: string; sessionId?: string; error?: unknown };
      if (e.type === 'xstate.init') {
        actor.start();
      } else if (e.type === AFTER) {
        // The read is left without an answer: nothing changes a millisecond before the deadline.
        clock.increment(DEADLINE_MS - 1);
        expect(actor.getSnapshot().value, `step ${index} before the deadline`).toBe('loading');
        clock.increment(1);
        ref.phase = 'failed';
        ref.errors += 1;
        ref.shown = [];
        ref.message = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';
        // Its late answer is dropped: still failed, nothing shown.
        if (ref.lastWasSession) getForConfirmation.latest().resolve(order);
        else listMine.latest().resolve([order]);
        await tick();
      } else if (e.type === 'xstate.done.actor.loadOrders') {
        if (ref.lastWasSession) getForConfirmation.latest().resolve(order);
        else listMine.latest().resolve([order]);
        await tick();
        ref.phase = 'loaded';
        ref.shown = [order];
      } else if (e.type === 'xstate.error.actor.loadOrders') {
        (ref.lastWasSession ? getForConfirmation.latest() : listMine.latest()).reject(e.error);
        await tick();
        ref.phase = 'failed';
        ref.errors += 1;
        ref.shown = [];
        ref.message = 'Não foi possível carregar seus pedidos. Verifique sua conexão e tente novamente.';
      } else {
        actor.send(event as never);
        if (e.type === 'orders.signedOut') {
          // Nobody signed in: nothing shown, no message, and a pending read's answer is dropped.
          ref.phase = 'idle';
          ref.shown = [];
          ref.message = null;
        }
        const reads = e.type === 'orders.load' || (e.type === 'orders.retry' && ref.phase === 'failed');
        if (reads) {
          if (e.type === 'orders.load') ref.lastWasSession = Boolean(e.sessionId);
          if (ref.lastWasSession) ref.session += 1;
          else ref.mine += 1;
          ref.phase = 'loading';
          ref.message = null;
        }
      }
      const at = `step ${index} (${e.type})`;
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(listMine.calls.length, at).toBe(ref.mine);
      expect(getForConfirmation.calls.length, at).toBe(ref.session);
      for (const call of listMine.calls) expect(call.args, at).toEqual(['ana']);
      for (const call of getForConfirmation.calls) expect(call.args, at).toEqual(['s1']);
      expect(logError, at).toHaveBeenCalledTimes(ref.errors);
      expect(snapshot.context.errorMessage, at).toBe(ref.message);
      expect(snapshot.hasTag('busy'), at).toBe(ref.phase === 'loading');
      if (ref.phase === 'loaded' || ref.phase === 'idle') expect(snapshot.context.orders, at).toEqual(ref.shown);
    }
  } finally {
    actor.stop();
  }
}
