import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { browseSlotMachine } from '../../src/machines/browseSlotMachine';

/** The slot's machine on a simulated clock, with a 3 s wait as on the page. */
function startSlot() {
  const clock = new SimulatedClock();
  const actor = createActor(browseSlotMachine, { input: { fallbackMs: 3000 }, clock }).start();
  const holding = () => actor.getSnapshot().hasTag('holding');
  return { actor, clock, holding };
}

describe('browseSlotMachine: the grid held unpainted until the chunk shows the chosen view', () => {
  it('before hydration nothing is held, however long it takes', () => {
    const { actor, clock, holding } = startSlot();
    expect(actor.getSnapshot().value).toBe('hydrating');
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('hydrating');
    expect(holding()).toBe(false);
  });

  it('an address without a sort or a band: the list in its own order at once', () => {
    const { actor, holding } = startSlot();
    actor.send({ type: 'browseSlot.hydrated', viewAsked: false });
    expect(actor.getSnapshot().value).toBe('listShown');
    expect(holding()).toBe(false);
  });

  it('a sort or a band in the address: held for 3000 ms (not 2999), then the list in its own order', () => {
    const { actor, clock, holding } = startSlot();
    actor.send({ type: 'browseSlot.hydrated', viewAsked: true });
    expect(holding()).toBe(true);
    clock.increment(2999);
    expect(actor.getSnapshot().value).toBe('holding');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('listShown');
    expect(holding()).toBe(false);
    // The chunk arrives late: its view is shown from then on.
    actor.send({ type: 'browseSlot.viewShown' });
    expect(actor.getSnapshot().value).toBe('viewShown');
  });

  it('the chunk shows its view in time: no longer held, and the timer does nothing afterwards', () => {
    const { actor, clock, holding } = startSlot();
    actor.send({ type: 'browseSlot.hydrated', viewAsked: true });
    clock.increment(1200);
    actor.send({ type: 'browseSlot.viewShown' });
    expect(actor.getSnapshot().value).toBe('viewShown');
    expect(holding()).toBe(false);
    clock.increment(5000);
    expect(actor.getSnapshot().value).toBe('viewShown');
  });
});
