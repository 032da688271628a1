// The return request of one delivered order (src/machines/returnRequestMachine.ts), through its production actor
// over a ReturnsPort whose calls the test settles by hand; time is a SimulatedClock. Expectations written by hand.
import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { ReturnFailedError } from '../../src/adapters/returns/returnsPort';
import { FULFILMENT_MESSAGES, type Fulfilment, type ReturnReason } from '../../src/domain/fulfilment';
import {
  createReturnRequestActors,
  RETURN_FAILED_MESSAGE,
  RETURN_REASON_REQUIRED_MESSAGE,
  RETURN_REQUEST_TIMEOUT_MS,
  RETURN_REQUESTED_MESSAGE,
  returnRequestMachine,
} from '../../src/machines/returnRequestMachine';
import { controllable, tick } from '../support/fakes/controllable';

const granted: Fulfilment = {
  status: 'devolucao_solicitada',
  history: [
    { status: 'pago', at: 1 },
    { status: 'em_separacao', at: 2 },
    { status: 'enviado', at: 3 },
    { status: 'entregue', at: 4 },
    { status: 'devolucao_solicitada', at: 5 },
  ],
  trackingCode: 'QB987654321BR',
  deliveredAt: 4,
  returnReason: 'tamanho',
};

function start() {
  const requestReturn = controllable<[string, ReturnReason], Fulfilment>('returns.requestReturn');
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    returnRequestMachine.provide({
      actors: createReturnRequestActors({ returns: { requestReturn: requestReturn.fn } }),
      actions: { logError: (_, params) => logError(params) },
    }),
    { input: { orderId: 'cs_sim_a' }, clock },
  ).start();
  const snap = () => actor.getSnapshot();
  return { actor, requestReturn, logError, clock, snap };
}

/** Started, the reasons shown, `reason` picked, confirmed: one request pending. */
function sendingWith(reason: ReturnReason = 'tamanho') {
  const started = start();
  started.actor.send({ type: 'return.start' });
  started.actor.send({ type: 'return.choose', reason });
  started.actor.send({ type: 'return.confirm' });
  return started;
}

describe('returnRequestMachine', () => {
  it('says what the page shows, in pt-BR', () => {
    expect(RETURN_FAILED_MESSAGE).toBe('Não foi possível solicitar a devolução agora. Tente novamente.');
    expect(RETURN_REQUESTED_MESSAGE).toBe('Recebemos seu pedido de devolução. O reembolso inclui o frete.');
    expect(RETURN_REASON_REQUIRED_MESSAGE).toBe(FULFILMENT_MESSAGES.invalidReason);
    expect(RETURN_REQUEST_TIMEOUT_MS).toBe(10_000);
  });

  it('starts idle (the button), for its order, with nothing chosen', () => {
    const { snap } = start();
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual({ orderId: 'cs_sim_a', reason: null, fulfilment: null, errorMessage: null });
  });

  it('Solicitar devolução shows the reasons; a reason picked, then another, is the one kept', () => {
    const { actor, snap, requestReturn } = start();
    actor.send({ type: 'return.start' });
    expect(snap().value).toBe('choosing');
    actor.send({ type: 'return.choose', reason: 'defeito' });
    actor.send({ type: 'return.choose', reason: 'diferente' });
    expect(snap().context.reason).toBe('diferente');
    expect(requestReturn.calls).toHaveLength(0);
  });

  it('Confirmar without a reason: asks for one, sends nothing; picking one clears the message', () => {
    const { actor, snap, requestReturn } = start();
    actor.send({ type: 'return.start' });
    actor.send({ type: 'return.confirm' });
    expect(snap().value).toBe('choosing');
    expect(snap().context.errorMessage).toBe('Escolha um motivo para a devolução.');
    expect(requestReturn.calls).toHaveLength(0);
    actor.send({ type: 'return.choose', reason: 'atraso' });
    expect(snap().context.errorMessage).toBeNull();
  });

  it('Voltar goes back to the button and forgets the choice', () => {
    const { actor, snap } = start();
    actor.send({ type: 'return.start' });
    actor.send({ type: 'return.choose', reason: 'defeito' });
    actor.send({ type: 'return.back' });
    expect(snap().value).toBe('idle');
    expect(snap().context.reason).toBeNull();
    actor.send({ type: 'return.choose', reason: 'defeito' });
    expect(snap().context.reason).toBeNull();
  });

  it('confirmed: busy, one request for this order and reason; a second confirm sends nothing', () => {
    const { actor, snap, requestReturn } = sendingWith('tamanho');
    expect(snap().value).toBe('sending');
    expect(snap().hasTag('busy')).toBe(true);
    actor.send({ type: 'return.confirm' });
    actor.send({ type: 'return.choose', reason: 'defeito' });
    actor.send({ type: 'return.back' });
    expect(snap().value).toBe('sending');
    expect(requestReturn.calls.map((call) => call.args)).toEqual([['cs_sim_a', 'tamanho']]);
  });

  it('granted: done, holding the fulfilment the backend stored; nothing more is taken', async () => {
    const { actor, snap, requestReturn, logError } = sendingWith();
    requestReturn.latest().resolve(granted);
    await tick();
    expect(snap().value).toBe('done');
    expect(snap().status).toBe('done');
    expect(snap().hasTag('busy')).toBe(false);
    expect(snap().context.fulfilment).toEqual(granted);
    expect(snap().context.errorMessage).toBeNull();
    actor.send({ type: 'return.start' });
    actor.send({ type: 'return.confirm' });
    expect(requestReturn.calls).toHaveLength(1);
    expect(logError).not.toHaveBeenCalled();
  });

  it.each([
    [
      'refused (409)',
      new ReturnFailedError('refused', '409', {
        status: 409,
        userMessage:
          'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
      }),
      'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
    ],
    [
      'not found (404)',
      new ReturnFailedError('not-found', '404', { status: 404, userMessage: 'Pedido não encontrado.' }),
      'Pedido não encontrado.',
    ],
    ['a 500', new ReturnFailedError('http', '500', { status: 500 }), RETURN_FAILED_MESSAGE],
    ['the network', new ReturnFailedError('network', 'offline'), RETURN_FAILED_MESSAGE],
    ['the adapter’s own deadline', new ReturnFailedError('timeout', '15 s'), RETURN_FAILED_MESSAGE],
    ['any other error', new TypeError('x is undefined'), RETURN_FAILED_MESSAGE],
  ])('failed by %s: the message, logged, the form and reason kept', async (_name, error, message) => {
    const { snap, requestReturn, logError } = sendingWith('defeito');
    requestReturn.latest().reject(error);
    await tick();
    expect(snap().value).toBe('failed');
    expect(snap().hasTag('busy')).toBe(false);
    expect(snap().context.errorMessage).toBe(message);
    expect(snap().context.reason).toBe('defeito');
    expect(snap().context.fulfilment).toBeNull();
    expect(logError).toHaveBeenCalledExactlyOnceWith({ error, during: 'requestReturn' });
  });

  it('failed: another reason and Confirmar send again, with it; the message goes while sending', async () => {
    const { actor, snap, requestReturn } = sendingWith('defeito');
    requestReturn.latest().reject(new ReturnFailedError('network', 'offline'));
    await tick();
    actor.send({ type: 'return.choose', reason: 'arrependimento' });
    actor.send({ type: 'return.confirm' });
    expect(snap().value).toBe('sending');
    expect(snap().context.errorMessage).toBeNull();
    expect(requestReturn.calls.map((call) => call.args)).toEqual([
      ['cs_sim_a', 'defeito'],
      ['cs_sim_a', 'arrependimento'],
    ]);
    requestReturn.latest().resolve({ ...granted, returnReason: 'arrependimento' });
    await tick();
    expect(snap().value).toBe('done');
  });

  it('failed: Voltar goes back to the button, message and choice gone', async () => {
    const { actor, snap, requestReturn } = sendingWith('defeito');
    requestReturn.latest().reject(new ReturnFailedError('http', '500', { status: 500 }));
    await tick();
    actor.send({ type: 'return.back' });
    expect(snap().value).toBe('idle');
    expect(snap().context).toEqual({ orderId: 'cs_sim_a', reason: null, fulfilment: null, errorMessage: null });
  });

  it('no answer in 10 s: failed with our message (logged); the late answer is dropped', async () => {
    const { snap, clock, requestReturn, logError } = sendingWith();
    clock.increment(RETURN_REQUEST_TIMEOUT_MS - 1);
    expect(snap().value).toBe('sending');
    clock.increment(1);
    expect(snap().value).toBe('failed');
    expect(snap().context.errorMessage).toBe(RETURN_FAILED_MESSAGE);
    expect(logError).toHaveBeenCalledExactlyOnceWith({
      error: new Error('no answer in 10000 ms'),
      during: 'requestReturn',
    });
    requestReturn.latest().resolve(granted);
    await tick();
    expect(snap().value).toBe('failed');
    expect(snap().context.fulfilment).toBeNull();
  });

  it('without a ReturnsPort (the prerender) a request fails as unanswered', async () => {
    const logError = vi.fn();
    const actor = createActor(
      returnRequestMachine.provide({
        actors: createReturnRequestActors({}),
        actions: { logError: (_, params) => logError(params) },
      }),
      { input: { orderId: 'cs_sim_a' } },
    ).start();
    actor.send({ type: 'return.start' });
    actor.send({ type: 'return.choose', reason: 'tamanho' });
    actor.send({ type: 'return.confirm' });
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorMessage).toBe(RETURN_FAILED_MESSAGE);
    expect(logError.mock.calls[0]![0].error).toMatchObject({ reason: 'network' });
    actor.stop();
  });

  it('a try again after a failure clears the failure message while it is sent', async () => {
    const { actor, requestReturn, snap } = sendingWith('defeito');
    requestReturn.latest().reject(new ReturnFailedError('network', 'offline'));
    await tick();
    expect(snap().context.errorMessage).toBe(RETURN_FAILED_MESSAGE);
    actor.send({ type: 'return.confirm' });
    expect(snap().hasTag('busy')).toBe(true);
    expect(snap().context.errorMessage).toBeNull();
    expect(requestReturn.calls.map((call) => call.args)).toEqual([
      ['cs_sim_a', 'defeito'],
      ['cs_sim_a', 'defeito'],
    ]);
    actor.stop();
  });
});
