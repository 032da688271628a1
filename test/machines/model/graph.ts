import { TestModel, type TestPath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';

export type ModelPath<M extends AnyStateMachine> = TestPath<SnapshotFrom<M>, EventObject>;

/** The model's view of a snapshot: value, context and status (with the event and the previous state, the key
 *  `shortestPaths` tells paths apart by). */
export function snapshotKey(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
}

/**
 * Shortest paths of a production machine, as @xstate/graph's TestModel builds them (createTestModel throws on
 * machines that invoke actors or use `after`). Each state is offered only the event types it handles
 * (plus, while the machine is active, `offerEverywhere`, for "this event must be ignored here" checks), each type in the payload variants
 * `variants(type, snapshot)` returns. Synthetic `xstate.*` types must have variants: an `xstate.done.actor.*`
 * without an `output` would test nothing.
 */
export function shortestPaths<M extends AnyStateMachine>(
  machine: M,
  options: {
    variants: (type: string, snapshot: SnapshotFrom<M>) => EventObject[] | undefined;
    offerEverywhere?: readonly string[];
    input?: unknown;
  },
): Array<ModelPath<M>> {
  const model = new TestModel<SnapshotFrom<M>, EventObject, unknown>(machine as never, {
    input: options.input,
    events: (snapshot) => {
      const everywhere = (snapshot as AnyMachineSnapshot).status === 'active' ? (options.offerEverywhere ?? []) : [];
      const types = new Set([...__unsafe_getAllOwnEventDescriptors(snapshot as never), ...everywhere]);
      return [...types].flatMap((type) => {
        const variants = options.variants(type, snapshot);
        if (variants === undefined && type.startsWith('xstate.')) throw new Error(`no payload variant for ${type}`);
        return variants ?? [{ type }];
      });
    },
    serializeState: (snapshot, event, previous) =>
      snapshotKey(snapshot as AnyMachineSnapshot) +
      (event && previous ? ` <${JSON.stringify(event)}< ${snapshotKey(previous as AnyMachineSnapshot)}` : ''),
    stateMatcher: (snapshot, key) => {
      const s = snapshot as AnyMachineSnapshot;
      return key.startsWith('#') ? s._nodes.includes(machine.getStateNodeById(key)) : s.matches(key as never);
    },
  });
  return model.getShortestPaths();
}

/** A readable test name: the events of the path, with a short payload label. */
export function pathName(path: { steps: ReadonlyArray<{ event: EventObject }> }, label: (event: EventObject) => string = () => ''): string {
  return path.steps
    .map(({ event }) => {
      const type = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\./, 'after:');
      const detail = label(event);
      return detail ? `${type}(${detail})` : type;
    })
    .join(' → ');
}

/** Runs every path and counts the ones that fail (the teeth test expects broken wiring to fail some). */
export async function countFailures<P>(paths: readonly P[], run: (path: P) => Promise<void>) {
  const failures: Array<{ path: P; error: unknown }> = [];
  for (const path of paths) {
    try {
      await run(path);
    } catch (error) {
      failures.push({ path, error });
    }
  }
  return failures;
}

// Transition coverage: the runners record which declared transitions the real actors took, so each model test
// can assert that its paths exercised every one (ARCHITECTURE §8: every transition, not just every state).
type TransitionLike = { source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] }; eventType: string | null };

function transitionKey(t: TransitionLike): string {
  const always = t.source.always ?? [];
  if (always.includes(t)) return `${t.source.id} always #${always.indexOf(t)}`;
  const list = t.source.transitions.get(t.eventType ?? '') ?? [];
  return `${t.source.id} ${t.eventType} #${list.indexOf(t)}`;
}

const taken = new Map<string, Set<string>>();

/** An `inspect` option for createActor that records the transitions the machine's own actor takes. */
export function recordTransitions(machineId: string) {
  const seen = taken.get(machineId) ?? new Set<string>();
  taken.set(machineId, seen);
  return (inspectionEvent: InspectionEvent) => {
    if (inspectionEvent.type !== '@xstate.microstep' || (inspectionEvent.actorRef as { _parent?: unknown })._parent) return;
    for (const t of inspectionEvent._transitions) seen.add(transitionKey(t as unknown as TransitionLike));
  };
}

/** Declared transitions the recorded runs never took. */
export function untakenTransitions(machine: AnyStateMachine): string[] {
  const declared: string[] = [];
  const walk = (node: AnyStateMachine['root']) => {
    for (const list of node.transitions.values()) for (const t of list) declared.push(transitionKey(t as unknown as TransitionLike));
    for (const t of node.always ?? []) declared.push(transitionKey(t as unknown as TransitionLike));
    Object.values(node.states).forEach((child) => walk(child as AnyStateMachine['root']));
  };
  walk(machine.root);
  const seen = taken.get(machine.id) ?? new Set<string>();
  return declared.filter((key) => !seen.has(key));
}
