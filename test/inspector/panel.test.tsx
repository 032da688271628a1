// The inspector's button and panel (src/inspector/launcher.tsx, Panel.tsx) on a small machine: the shortcut
// opens it, the diagram lights the active state, the log shows events (ignored ones flagged), a chosen event
// shows its snapshots, Escape closes it and the focus goes back to the button.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { Inspector } from '../../src/inspector/launcher';
import { createRecorder } from '../../src/inspector/recorder';

const lamp = setup({
  types: { context: {} as { flips: number }, events: {} as { type: 'lamp.flip' } | { type: 'lamp.unknown' } },
}).createMachine({
  id: 'lamp',
  context: { flips: 0 },
  initial: 'off',
  states: {
    off: { on: { 'lamp.flip': { target: 'on', actions: assign({ flips: ({ context }) => context.flips + 1 }) } } },
    on: { on: { 'lamp.flip': 'off' } },
  },
});

afterEach(cleanup);

describe('the inspector panel', () => {
  it('opens with Alt+Shift+S, follows the machine, logs events and closes with Escape', async () => {
    const user = userEvent.setup();
    const recorder = createRecorder();
    const actor = createActor(lamp, { inspect: recorder.inspect }).start();
    render(<Inspector recorder={recorder} />);
    const button = screen.getByRole('button', { name: 'Estados' });
    expect(button.getAttribute('title')).toBe('Inspetor de estados (Alt+Shift+S)');

    await user.keyboard('{Alt>}{Shift>}S{/Shift}{/Alt}');
    const panel = await screen.findByRole('dialog', { name: 'Inspetor de estados' }, { timeout: 15_000 });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Inspetor de estados'));
    await waitFor(
      () => expect(panel.querySelector('g[data-state-id="lamp.off"]')?.getAttribute('data-active')).toBe('true'),
      { timeout: 10_000 },
    );

    act(() => {
      actor.send({ type: 'lamp.flip' });
      actor.send({ type: 'lamp.unknown' });
    });
    await waitFor(() =>
      expect(panel.querySelector('g[data-state-id="lamp.on"]')?.getAttribute('data-active')).toBe('true'),
    );
    expect(panel.querySelector('g[data-state-id="lamp.off"]')?.getAttribute('data-active')).toBe('false');
    // The latest transition taken is drawn as such (the ignored event after it took none).
    expect([...panel.querySelectorAll('g[data-taken="true"]')].map((g) => g.getAttribute('data-edge'))).toEqual([
      'lamp.off->lamp.on',
    ]);
    const log = within(panel).getByRole('list', { name: 'Eventos' });
    const lines = within(log).getAllByRole('listitem');
    // Newest first: the unknown event (ignored), the flip, the start.
    expect(lines.map((li) => li.getAttribute('data-event-type'))).toEqual(['lamp.unknown', 'lamp.flip', 'xstate.init']);
    expect(lines[0]!.textContent).toContain('Ignorado');
    expect(lines[1]!.textContent).toContain('off → on');

    await user.click(within(lines[1]!).getByRole('button'));
    expect(within(panel).getByRole('group', { name: 'Snapshot antes do evento' }).textContent).toContain('"flips": 0');
    expect(within(panel).getByRole('group', { name: 'Snapshot depois do evento' }).textContent).toContain('"flips": 1');

    const fullSize = within(panel).getByRole('button', { name: 'Tamanho real' });
    expect(fullSize.getAttribute('aria-pressed')).toBe('false');
    await user.click(fullSize);
    expect(fullSize.getAttribute('aria-pressed')).toBe('true');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inspetor de estados' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Estados' })));
    actor.stop();
  }, 60_000); // the panel's chunk brings elkjs (1.6 MB of JS to transform on a busy machine)
});
