// The inspector's recorder (src/inspector/recorder.ts): a ring buffer of the last 100 events fed by XState's
// `inspect` option, with each event's transitions, the ignored ones, and the snapshots around it.
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { createRecorder } from '../../src/inspector/recorder';
import { describeOutcome, snapshotJson, summarizePayload } from '../../src/inspector/format';

// A toggle written for this test: `toggle` flips, `bump` counts without a state change, `noop` is known to
// nobody (ignored), and `bump` is ignored in `on`.
const toggle = setup({
  types: {
    context: {} as { count: number },
    events: {} as { type: 'toggle' } | { type: 'bump'; by: number } | { type: 'noop' },
  },
}).createMachine({
  id: 'toggle',
  context: { count: 0 },
  initial: 'off',
  states: {
    off: {
      on: {
        toggle: 'on',
        bump: { actions: assign({ count: ({ context, event }) => context.count + event.by }) },
      },
    },
    on: { on: { toggle: 'off' } },
  },
});

function start(limit?: number) {
  const recorder = createRecorder(limit);
  const actor = createActor(toggle, { inspect: recorder.inspect }).start();
  return { recorder, actor };
}

describe('the inspector recorder', () => {
  it('keeps the last 100 of 101 events, oldest first', () => {
    const { recorder, actor } = start();
    // xstate.init is the first event; 100 toggles make 101.
    for (let i = 0; i < 100; i++) actor.send({ type: 'toggle' });
    const events = recorder.events();
    expect(events).toHaveLength(100);
    expect(events.every((e) => e.event.type === 'toggle')).toBe(true);
    expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('keeps everything below the limit, and wraps with a small one', () => {
    const { recorder, actor } = start(3);
    actor.send({ type: 'toggle' });
    expect(recorder.events().map((e) => e.event.type)).toEqual(['xstate.init', 'toggle']);
    actor.send({ type: 'noop' } as never);
    actor.send({ type: 'toggle' });
    actor.send({ type: 'toggle' });
    expect(recorder.events().map((e) => e.seq)).toEqual([2, 3, 4]);
  });

  it('records the transition each event took, from → to, with the snapshots before and after', () => {
    const { recorder, actor } = start();
    actor.send({ type: 'toggle' });
    const [init, toggled] = recorder.events();
    expect(init!.event.type).toBe('xstate.init');
    expect(init!.ignored).toBe(false);
    expect(toggled!.machine).toBe('toggle');
    expect(toggled!.transitions).toEqual([{ from: 'toggle.off', to: ['toggle.on'] }]);
    expect(toggled!.ignored).toBe(false);
    expect((toggled!.before as { value: string }).value).toBe('off');
    expect((toggled!.after as { value: string }).value).toBe('on');
    expect(describeOutcome(toggled!)).toBe('off → on');
    expect(recorder.actors().get('toggle')).toBe(actor);
  });

  it('flags the events no transition took as ignored, but not a transition without target', () => {
    const { recorder, actor } = start();
    actor.send({ type: 'bump', by: 2 });
    actor.send({ type: 'noop' } as never);
    actor.send({ type: 'toggle' });
    actor.send({ type: 'bump', by: 5 }); // `on` has no bump
    const [, bump, noop, toggled, lateBump] = recorder.events();
    expect(bump!.ignored).toBe(false);
    expect(bump!.transitions).toEqual([{ from: 'toggle.off', to: [] }]);
    expect(describeOutcome(bump!)).toBe('off (fica)');
    expect((bump!.before as { context: { count: number } }).context.count).toBe(0);
    expect((bump!.after as { context: { count: number } }).context.count).toBe(2);
    expect(noop!.ignored).toBe(true);
    expect(describeOutcome(noop!)).toBe('Ignorado');
    expect(toggled!.ignored).toBe(false);
    expect(lateBump!.ignored).toBe(true);
    expect(lateBump!.before).toBe(lateBump!.after);
  });

  it('tells subscribers about every change', () => {
    const { recorder, actor } = start();
    let calls = 0;
    const stop = recorder.subscribe(() => calls++);
    const before = recorder.version();
    actor.send({ type: 'toggle' });
    expect(calls).toBeGreaterThan(0);
    expect(recorder.version()).toBeGreaterThan(before);
    stop();
    const seen = calls;
    actor.send({ type: 'toggle' });
    expect(calls).toBe(seen);
  });
});

describe('the event log texts', () => {
  it('summarizes a payload in one short line', () => {
    expect(
      summarizePayload({ type: 'cart.add', product: { id: 'p1', name: 'Jaqueta de Couro Preta', price: 500 } }),
    ).toBe('product: Jaqueta de Couro Preta');
    expect(summarizePayload({ type: 'cart.synced', items: [1, 2, 3] })).toBe('items: [3]');
    expect(summarizePayload({ type: 'x' })).toBe('');
    expect(summarizePayload({ type: 'x', text: 'a'.repeat(200) }).length).toBeLessThanOrEqual(80);
  });

  it('shows a snapshot as bounded JSON of its value, status and context', () => {
    const json = snapshotJson(
      { value: { a: 'b' }, status: 'active', context: { long: 'x'.repeat(10_000) }, machine: {} },
      100,
    );
    expect(json.startsWith('{\n  "value": {\n    "a": "b"\n  },\n  "status": "active"')).toBe(true);
    expect(json).toContain('… (truncado');
    expect(json).not.toContain('x'.repeat(201)); // long strings are clipped first
    expect(json).not.toContain('machine');
    expect(snapshotJson(undefined)).toBe('—');
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(snapshotJson({ value: 'x', status: 'active', context: circular })).toContain('[circular]');
  });
});
