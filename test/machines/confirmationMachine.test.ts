import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { confirmationMachine, createConfirmationActions } from '../../src/machines/confirmationMachine';

/** A confirmation actor for an address, over a cart that records what it is sent. */
function visit(params: { success?: string; canceled?: string }) {
  const sent: string[] = [];
  const cart = { send: (event: { type: string }) => sent.push(event.type) };
  const actor = createActor(confirmationMachine.provide(createConfirmationActions({ cart })), {
    input: { success: params.success ?? null, canceled: params.canceled ?? null },
  }).start();
  return { actor, sent };
}

describe('confirmationMachine: the page tells the cart of a confirmed payment, once per visit', () => {
  it('success=true: paid, and the cart hears cart.paymentConfirmed once', () => {
    const { actor, sent } = visit({ success: 'true' });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().hasTag('success')).toBe(true);
    expect(sent).toEqual(['cart.paymentConfirmed']);
    actor.stop();
    expect(sent).toEqual(['cart.paymentConfirmed']);
  });

  it.each([
    [{ success: 'false' }, 'failed'],
    [{ canceled: 'true' }, 'failed'],
    [{ success: 'false', canceled: 'true' }, 'failed'],
    [{}, 'nothing'],
    [{ success: 'yes' }, 'nothing'],
  ] as const)('%o: %s, and the cart hears nothing', (params, state) => {
    const { actor, sent } = visit(params);
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().hasTag('error')).toBe(state === 'failed');
    expect(sent).toEqual([]);
  });
});
