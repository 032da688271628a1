// Reading a statechart from a machine definition (machine.root and its state nodes). Shared by
// `npm run statecharts` (scripts/statecharts.ts, in node) and the live inspector (in the browser, lazy chunk):
// both draw the same diagram from the same definitions. Pure: no DOM, no node APIs, xstate types only.
import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

export interface Edge {
  source: AnyStateNode;
  event: string;
  guard: string;
  targets: AnyStateNode[];
  actions: string[];
  reenter: boolean;
}

type Described = { type?: string; params?: unknown; assignment?: unknown; name?: string };

export function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (typeof action === 'function' || (typeof action === 'object' && action !== null)) {
    const a = action as Described;
    if (a.type === 'xstate.assign') {
      const keys = a.assignment && typeof a.assignment === 'object' ? Object.keys(a.assignment) : [];
      return keys.length ? `assign(${keys.join(', ')})` : 'assign';
    }
    if (a.type === 'xstate.raise') return 'raise';
    if (a.type === 'xstate.enqueueActions') return 'enqueueActions';
    if (a.type) return a.type;
    return typeof action === 'function' && a.name ? a.name : 'inline action';
  }
  return String(action);
}

/** XState implements `after` with a delayed raise in the state's entry: the transitions table shows it instead. */
export function isAfterTimer(action: unknown): boolean {
  const event = (action as { event?: { type?: unknown } } | null)?.event;
  return typeof event?.type === 'string' && event.type.startsWith('xstate.after.');
}

export function describeGuard(guard: unknown): string {
  if (guard === undefined || guard === null) return '';
  if (typeof guard === 'string') return guard;
  const g = guard as Described;
  if (typeof g.type === 'string') return g.type;
  return 'inline guard';
}

export function describeEvent(eventType: string, machine: AnyStateMachine, delay?: string | number): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  if (eventType.startsWith('xstate.after.')) {
    const delays = (machine.implementations as { delays?: Record<string, unknown> }).delays ?? {};
    const ms = typeof delay === 'number' ? delay : delays[String(delay)];
    return typeof ms === 'number' ? `after ${String(delay)} (${ms} ms)` : `after ${String(delay)}`;
  }
  return eventType;
}

/** The node and all its descendants, depth first, in definition order. */
export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allNodes(child as AnyStateNode))];
}

export function edgesOf(node: AnyStateNode, machine: AnyStateMachine): Edge[] {
  const delays = new Map(node.after.map((t) => [t.eventType, t.delay as string | number | undefined]));
  const edges: Edge[] = [];
  for (const [eventType, transitions] of node.transitions) {
    for (const t of transitions) {
      edges.push({
        source: node,
        event: describeEvent(eventType, machine, delays.get(eventType)),
        guard: describeGuard(t.guard),
        targets: (t.target ?? []) as AnyStateNode[],
        actions: t.actions.map(describeAction),
        reenter: t.reenter,
      });
    }
  }
  for (const t of node.always ?? []) {
    edges.push({
      source: node,
      event: 'always',
      guard: describeGuard(t.guard),
      targets: (t.target ?? []) as AnyStateNode[],
      actions: t.actions.map(describeAction),
      reenter: t.reenter,
    });
  }
  return edges;
}

/** `auth.loggedOut.signingIn` → `loggedOut.signingIn`; the root is the machine id. */
export const statePath = (node: AnyStateNode) => (node.path.length ? node.path.join('.') : node.machine.id);

export function initialChild(node: AnyStateNode): AnyStateNode | undefined {
  const target = node.initial?.target?.[0] as AnyStateNode | undefined;
  return node.type === 'compound' ? target : undefined;
}

export const edgeLabel = (edge: Pick<Edge, 'event' | 'guard'>) =>
  edge.guard ? `${edge.event} [${edge.guard}]` : edge.event;

// ---------------------------------------------------------------------------------------------------------
// The diagram model: what the SVG shows, before layout.

/** `<machine>.<path>`, e.g. `cart.storage.ready`: the `data-state-id` of the state's box. */
export const diagramId = (node: AnyStateNode) => [node.machine.id, ...node.path].join('.');

export interface DiagramState {
  id: string;
  /** The state's own key, shown in its box. */
  label: string;
  kind: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  /** The parent drawn as a box, or null at the top level (the root itself is the canvas). */
  parent: string | null;
  /** Children of a compound state: the id of its initial child (the diagram draws a start dot to it). */
  initial: string | null;
}

export interface DiagramEdge {
  id: string;
  source: string;
  target: string;
  /** One line per transition between the same two states: `event [guard]`. */
  labels: string[];
}

export interface Diagram {
  machine: string;
  states: DiagramState[];
  edges: DiagramEdge[];
  /** Ids of the compound states (and the root, as `<machine>`) whose initial child gets a start dot. */
  initials: Array<{ parent: string; target: string }>;
}

/**
 * Every state but the root becomes a box (compound ones hold their children); transitions between the same
 * pair of states share one edge with one label line each; a transition without a target ("stays": actions
 * only) is a loop on its state. The root's own transitions are not drawn (docs' Mermaid does the same).
 */
export function diagramOf(machine: AnyStateMachine): Diagram {
  const root = machine.root as AnyStateNode;
  const nodes = allNodes(root);
  const states: DiagramState[] = nodes.slice(1).map((node) => ({
    id: diagramId(node),
    label: node.key,
    kind: node.type,
    parent: node.parent && node.parent !== root ? diagramId(node.parent) : null,
    initial: initialChild(node) ? diagramId(initialChild(node)!) : null,
  }));
  const rootInitial = initialChild(root);
  const initials = [
    ...(rootInitial ? [{ parent: machine.id, target: diagramId(rootInitial) }] : []),
    ...states.filter((s) => s.initial).map((s) => ({ parent: s.id, target: s.initial! })),
  ];
  const byPair = new Map<string, DiagramEdge>();
  for (const node of nodes.slice(1)) {
    for (const edge of edgesOf(node, machine)) {
      const targets = edge.targets.length ? edge.targets : [node];
      for (const target of targets) {
        if (target === root) continue;
        const source = diagramId(node);
        const to = diagramId(target);
        const key = `${source}->${to}`;
        const existing = byPair.get(key);
        const label = edge.targets.length ? edgeLabel(edge) : `${edgeLabel(edge)} (stays)`;
        if (existing) {
          if (!existing.labels.includes(label)) existing.labels.push(label);
        } else byPair.set(key, { id: `e${byPair.size}`, source, target: to, labels: [label] });
      }
    }
  }
  return { machine: machine.id, states, edges: [...byPair.values()], initials };
}

/**
 * The active states of a snapshot value as diagram ids, ancestors included:
 * `{ loggedOut: 'idle' }` of `auth` → `auth.loggedOut`, `auth.loggedOut.idle`.
 */
export function activeStateIds(machineId: string, value: StateValue): string[] {
  const ids: string[] = [];
  const walk = (prefix: string, v: StateValue) => {
    if (typeof v === 'string') {
      ids.push(`${prefix}.${v}`);
      return;
    }
    for (const [key, child] of Object.entries(v)) {
      ids.push(`${prefix}.${key}`);
      if (child !== undefined) walk(`${prefix}.${key}`, child as StateValue);
    }
  };
  walk(machineId, value);
  return ids;
}
