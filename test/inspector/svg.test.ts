// The inspector's drawing (src/inspector/graph.ts → layout.ts (elkjs) → svg.ts), on a small machine whose
// states and transitions are counted by hand below, not by the code under test.
import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { activeStateIds, diagramOf } from '../../src/inspector/graph';
import { layoutDiagram } from '../../src/inspector/layout';
import { renderSvg } from '../../src/inspector/svg';

// States (the root is the canvas, not a box): idle, busy, busy.loading, busy.saving, done → 5 boxes.
// Compound states with a start dot: the root (→ idle) and busy (→ busy.loading) → 2 dots.
// Edges: idle→busy (go), busy.loading→busy.saving (loaded), busy→idle (cancel, and reset [canReset] share it),
// busy.saving→done (saved), idle→idle (ping, no target) → 5 edges, plus 2 from the start dots.
const door = setup({ guards: { canReset: () => true } }).createMachine({
  id: 'door',
  initial: 'idle',
  states: {
    idle: { on: { go: 'busy', ping: { actions: () => {} } } },
    busy: {
      initial: 'loading',
      on: { cancel: 'idle', reset: { guard: 'canReset', target: 'idle' } },
      states: {
        loading: { on: { loaded: 'saving' } },
        saving: { on: { saved: '#door.done' } },
      },
    },
    done: { type: 'final' },
  },
});

const parse = (svg: string) => new DOMParser().parseFromString(svg, 'image/svg+xml');

describe('graph → elkjs → SVG', () => {
  it('reads the states, start dots and merged edges of the definition', () => {
    const diagram = diagramOf(door);
    expect(diagram.states.map((s) => s.id)).toEqual([
      'door.idle',
      'door.busy',
      'door.busy.loading',
      'door.busy.saving',
      'door.done',
    ]);
    expect(diagram.initials).toEqual([
      { parent: 'door', target: 'door.idle' },
      { parent: 'door.busy', target: 'door.busy.loading' },
    ]);
    expect(diagram.edges.map((e) => `${e.source}->${e.target}: ${e.labels.join(' | ')}`).sort()).toEqual(
      [
        'door.busy->door.idle: cancel | reset [canReset]',
        'door.busy.loading->door.busy.saving: loaded',
        'door.busy.saving->door.done: saved',
        'door.idle->door.busy: go',
        'door.idle->door.idle: ping (stays)',
      ].sort(),
    );
  });

  it('draws one rounded box per state, children inside their parent, the active ones lit', async () => {
    const laid = await layoutDiagram(diagramOf(door));
    const svg = renderSvg(laid, { active: new Set(activeStateIds('door', { busy: 'saving' })), title: 'door' });
    const doc = parse(svg);
    const groups = [...doc.querySelectorAll('g[data-state-id]')];
    expect(groups).toHaveLength(5);
    expect(doc.querySelectorAll('circle[data-initial-of]')).toHaveLength(2);
    expect(doc.querySelectorAll('g[data-edge]')).toHaveLength(7);
    // Every box is rounded; the final state has a second, inner border.
    for (const g of groups) expect(g.querySelector('rect')!.getAttribute('rx')).toBe('8');
    expect(doc.querySelectorAll('g[data-state-id="door.done"] > rect')).toHaveLength(2);
    // Nesting: busy's group holds its two children, and their boxes lie inside busy's box.
    const busy = doc.querySelector('g[data-state-id="door.busy"]')!;
    expect([...busy.querySelectorAll('g[data-state-id]')].map((g) => g.getAttribute('data-state-id'))).toEqual([
      'door.busy.loading',
      'door.busy.saving',
    ]);
    const box = (id: string) => laid.states.find((s) => s.state.id === id)!;
    for (const child of ['door.busy.loading', 'door.busy.saving']) {
      expect(box(child).x).toBeGreaterThanOrEqual(box('door.busy').x);
      expect(box(child).y + box(child).height).toBeLessThanOrEqual(box('door.busy').y + box('door.busy').height);
    }
    // busy and busy.saving are active; idle is not.
    const lit = [...doc.querySelectorAll('g[data-active="true"]')].map((g) => g.getAttribute('data-state-id'));
    expect(lit).toEqual(['door.busy', 'door.busy.saving']);
    expect(doc.querySelector('g[data-state-id="door.busy.saving"] > rect')!.getAttribute('stroke-width')).toBe('3');
    expect(doc.querySelector('g[data-state-id="door.idle"] > rect')!.getAttribute('stroke-width')).toBe('1');
    // Labels are there, once each.
    const texts = [...doc.querySelectorAll('g[data-edge] text')].map((t) => t.textContent);
    expect(texts.sort()).toEqual(['cancel', 'go', 'loaded', 'ping (stays)', 'reset [canReset]', 'saved']);
    expect(doc.querySelector('title')!.textContent).toBe('door');
  });

  it('draws the edges an event took thick, and no others', async () => {
    const laid = await layoutDiagram(diagramOf(door));
    const doc = parse(renderSvg(laid, { taken: new Set(['door.busy->door.idle', 'door.idle->door.idle']) }));
    const hot = [...doc.querySelectorAll('g[data-taken="true"]')].map((g) => g.getAttribute('data-edge'));
    expect(hot.sort()).toEqual(['door.busy->door.idle', 'door.idle->door.idle']);
    for (const g of doc.querySelectorAll('g[data-edge]')) {
      expect(g.querySelector('path')!.getAttribute('stroke-width')).toBe(g.hasAttribute('data-taken') ? '3' : '1.2');
    }
  });

  it('lays out the same way every time (the committed docs SVGs depend on it)', async () => {
    const once = renderSvg(await layoutDiagram(diagramOf(door)));
    const twice = renderSvg(await layoutDiagram(diagramOf(door)));
    expect(twice).toBe(once);
  });

  it('lists active states with their ancestors, for parallel values too', () => {
    expect(activeStateIds('cart', { storage: 'ready', panel: 'closed' })).toEqual([
      'cart.storage',
      'cart.storage.ready',
      'cart.panel',
      'cart.panel.closed',
    ]);
    expect(activeStateIds('auth', 'loggedIn')).toEqual(['auth.loggedIn']);
  });
});
