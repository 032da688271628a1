// The inspector's recorder (docs/inspector.md): XState v5's `inspect` observer for every actor main.tsx creates, from
// startup, so the log has the first events before the lazy panel is loaded. It is the only inspector code in
// the entry (local mode only; production builds drop it with the panel), so it stays small: it keeps
// references to the snapshots XState hands over (immutable) and leaves all formatting to the panel.
import type { ActorRefLike, InspectionEvent } from 'xstate';

export const INSPECTOR_LIMIT = 100;

export interface RecordedTransition {
  /** Diagram id of the transition's source state (`cart.storage.ready`). */
  from: string;
  /** Diagram ids of its targets; empty for a transition without target (actions only, the state stays). */
  to: string[];
}

export interface RecordedEvent {
  seq: number;
  /** Date.now() when the event was sent. */
  time: number;
  /** The machine's id (`cart`), as in docs/statecharts. */
  machine: string;
  actor: ActorRefLike;
  event: { type: string; [key: string]: unknown };
  /** The actor's snapshot before the event (undefined for `xstate.init`). */
  before: unknown;
  /** After the event; undefined while it waits in the actor's mailbox (or if the actor stopped first). */
  after: unknown;
  transitions: RecordedTransition[];
  /** Processed, and no transition was enabled: the machine did nothing with it. */
  ignored: boolean;
}

export interface InspectorRecorder {
  /** Pass as `createActor(machine, { inspect })`. */
  inspect(event: InspectionEvent): void;
  /** The last INSPECTOR_LIMIT events, oldest first. */
  events(): RecordedEvent[];
  /** The latest actor started for each machine id. */
  actors(): ReadonlyMap<string, ActorRefLike>;
  /** Called after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Grows with every change (for useSyncExternalStore). */
  version(): number;
}

type StateNodeLike = { machine: { id: string }; path: string[] };
const stateId = (node: StateNodeLike) => [node.machine.id, ...node.path].join('.');
/** A state machine actor (its logic has a root state node); promise and callback actors are not logged. */
const machineId = (actor: ActorRefLike): string | null => {
  const logic = (actor as { logic?: { root?: unknown; id?: unknown } }).logic;
  return logic?.root && typeof logic.id === 'string' ? logic.id : null;
};

export function createRecorder(limit = INSPECTOR_LIMIT): InspectorRecorder {
  const ring: RecordedEvent[] = [];
  let seq = 0;
  let version = 0;
  const actors = new Map<string, ActorRefLike>();
  // Per actor, the events sent but not yet processed, in mailbox order.
  const pending = new Map<ActorRefLike, RecordedEvent[]>();
  const listeners = new Set<() => void>();
  const changed = () => {
    version++;
    listeners.forEach((listener) => listener());
  };
  const current = (actor: ActorRefLike, event: unknown) => pending.get(actor)?.find((entry) => entry.event === event);

  return {
    inspect(inspection) {
      const machine = machineId(inspection.actorRef);
      if (machine === null) return;
      const actor = inspection.actorRef;
      if (inspection.type === '@xstate.actor') {
        actors.set(machine, actor);
        changed();
      } else if (inspection.type === '@xstate.event') {
        const entry: RecordedEvent = {
          seq: seq++,
          time: Date.now(),
          machine,
          actor,
          event: inspection.event as RecordedEvent['event'],
          before: undefined,
          after: undefined,
          transitions: [],
          ignored: false,
        };
        ring[entry.seq % limit] = entry;
        pending.set(actor, [...(pending.get(actor) ?? []), entry]);
        changed();
      } else if (inspection.type === '@xstate.microstep') {
        // Microsteps of one event come before its snapshot; raised and eventless steps belong to it too.
        const entry = pending.get(actor)?.[0];
        if (!entry) return;
        entry.before ??= actor.getSnapshot();
        for (const t of inspection._transitions as Array<{ source: StateNodeLike; target?: StateNodeLike[] }>) {
          entry.transitions.push({ from: stateId(t.source), to: (t.target ?? []).map(stateId) });
        }
      } else if (inspection.type === '@xstate.snapshot') {
        const entry = current(actor, inspection.event);
        if (!entry) return;
        entry.before ??= entry.event.type === 'xstate.init' ? undefined : actor.getSnapshot();
        entry.after = inspection.snapshot;
        entry.ignored = entry.event.type !== 'xstate.init' && entry.transitions.length === 0;
        pending.set(
          actor,
          (pending.get(actor) ?? []).filter((e) => e !== entry),
        );
        changed();
      }
    },
    events: () => {
      const start = Math.max(0, seq - limit);
      return Array.from({ length: seq - start }, (_, i) => ring[(start + i) % limit]!);
    },
    actors: () => actors,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
  };
}
