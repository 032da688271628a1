import { getAdjacencyMap, TestModel, type StatePath } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';

export type ModelPath<M extends AnyStateMachine> = StatePath<SnapshotFrom<M>, EventObject>;

/** The model's view of a snapshot: value, context and status (with the event and the previous state, the key
 *  `shortestPaths` tells paths apart by). */
export function snapshotKey(snapshot: AnyMachineSnapshot): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
}

type ModelOptions<M extends AnyStateMachine> = {
  variants: (type: string, snapshot: SnapshotFrom<M>) => EventObject[] | undefined;
  offerEverywhere?: readonly string[];
  input?: unknown;
};

/** The events offered in a snapshot: the types it handles (plus `offerEverywhere`), each in its variants. */
function offeredEvents<M extends AnyStateMachine>(options: ModelOptions<M>) {
  return (snapshot: SnapshotFrom<M>): EventObject[] => {
    const everywhere = (snapshot as AnyMachineSnapshot).status === 'active' ? (options.offerEverywhere ?? []) : [];
    const types = new Set([...__unsafe_getAllOwnEventDescriptors(snapshot as never), ...everywhere]);
    return [...types].flatMap((type) => {
      const variants = options.variants(type, snapshot);
      if (variants === undefined && type.startsWith('xstate.')) throw new Error(`no payload variant for ${type}`);
      return variants ?? [{ type }];
    });
  };
}

/**
 * Shortest paths of a production machine, as @xstate/graph's TestModel builds them (createTestModel throws on
 * machines that invoke actors or use `after`). Each state is offered only the event types it handles
 * (plus, while the machine is active, `offerEverywhere`, for "this event must be ignored here" checks), each type in the payload variants
 * `variants(type, snapshot)` returns. Synthetic `xstate.*` types must have variants: an `xstate.done.actor.*`
 * without an `output` would test nothing.
 */
export function shortestPaths<M extends AnyStateMachine>(machine: M, options: ModelOptions<M>): Array<ModelPath<M>> {
  const model = new TestModel<SnapshotFrom<M>, EventObject, unknown>(machine as never, {
    input: options.input,
    events: offeredEvents(options),
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

/**
 * Walks that together take every transition of the model (every event variant from every reachable state,
 * the same edges whose shortest paths `shortestPaths` returns one by one), each walk starting from the
 * initial state. Greedy: from where the walk stands, go by the shortest route to the nearest state that still
 * has an untaken edge, and take it; a walk ends when nothing untaken is reachable or it has `maxSteps` steps.
 * Far fewer starts and steps than one shortest path per edge, which matters where a start is a page load.
 */
export function coveringWalks<M extends AnyStateMachine>(
  machine: M,
  options: ModelOptions<M> & { maxSteps?: number },
): Array<ModelPath<M>> {
  type Snapshot = SnapshotFrom<M>;
  const eventsOf = offeredEvents(options);
  const adjacency = getAdjacencyMap(
    machine as never,
    {
      input: options.input as never,
      events: (snapshot: Snapshot) => eventsOf(snapshot),
      serializeState: (snapshot: Snapshot) => snapshotKey(snapshot as AnyMachineSnapshot),
    } as never,
  ) as Record<string, { state: Snapshot; transitions: Record<string, { event: EventObject; state: Snapshot }> }>;
  // Every edge once, with an id: `<from state> <event>` (a walk takes each id at least once).
  type Edge = { id: string; from: string; event: EventObject; state: Snapshot; to: string };
  const outgoing = new Map<string, Edge[]>(
    Object.entries(adjacency).map(([key, { transitions }]) => [
      key,
      Object.entries(transitions).map(([eventKey, { event, state }]) => ({
        id: `${key} ${eventKey}`,
        from: key,
        event,
        state,
        to: snapshotKey(state as AnyMachineSnapshot),
      })),
    ]),
  );
  const untaken = new Set([...outgoing.values()].flat().map((edge) => edge.id));
  const initialKey = Object.keys(adjacency)[0]!;
  const maxSteps = options.maxSteps ?? Infinity;
  const walks: Array<ModelPath<M>> = [];
  while (untaken.size) {
    const steps: ModelPath<M>['steps'] = [{ event: { type: 'xstate.init' }, state: adjacency[initialKey]!.state }];
    let at = initialKey;
    for (;;) {
      // Breadth-first from `at` to the nearest untaken edge; `cameBy` remembers the edge that reached each state.
      const cameBy = new Map<string, Edge | null>([[at, null]]);
      const queue = [at];
      let next: Edge | undefined;
      for (let i = 0; i < queue.length && !next; i++) {
        for (const edge of outgoing.get(queue[i]!)!) {
          if (untaken.has(edge.id)) {
            next = edge;
            break;
          }
          if (!cameBy.has(edge.to)) {
            cameBy.set(edge.to, edge);
            queue.push(edge.to);
          }
        }
      }
      if (!next) break;
      const route = [next];
      for (let edge = cameBy.get(next.from); edge; edge = cameBy.get(edge.from)) route.unshift(edge);
      if (steps.length > 1 && steps.length - 1 + route.length > maxSteps) break;
      for (const edge of route) {
        untaken.delete(edge.id);
        steps.push({ event: edge.event, state: edge.state });
      }
      at = next.to;
    }
    if (steps.length === 1) throw new Error('coveringWalks: an edge is unreachable from the initial state');
    walks.push({ state: steps[steps.length - 1]!.state, steps, weight: steps.length - 1 } as ModelPath<M>);
  }
  return walks;
}

/** A test name for walk `index` of `count`: its length and where it starts (a failure names the step). */
export const walkName = (walk: { steps: readonly unknown[] }, index: number, count: number, start: string) =>
  `walk ${index + 1} of ${count}: ${walk.steps.length - 1} steps from ${start}`;

/** A readable test name: the events of the path, with a short payload label. */
export function pathName(
  path: { steps: ReadonlyArray<{ event: EventObject }> },
  label: (event: EventObject) => string = () => '',
): string {
  return path.steps
    .map(({ event }) => {
      const type = event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:').replace(/^xstate\.after\./, 'after:');
      const detail = label(event);
      return detail ? `${type}(${detail})` : type;
    })
    .join(' → ');
}

/**
 * Teeth: runs the paths in order against broken wiring and returns the 1-based number of the first one that fails,
 * or 0 when every path passes. One failing path is all a tooth asks; the paths after it would prove nothing more.
 */
export async function firstFailingPath<P>(paths: readonly P[], run: (path: P) => Promise<void>): Promise<number> {
  for (const [index, path] of paths.entries()) {
    try {
      await run(path);
    } catch {
      return index + 1;
    }
  }
  return 0;
}

/** What a tooth prints: which path caught the broken wiring. */
export const reportTooth = (name: string, caughtBy: number, total: number, unit: 'path' | 'walk' = 'path') =>
  console.info(
    caughtBy
      ? `teeth: ${name}: caught by ${unit} ${caughtBy} of ${total} (as it should be)`
      : `teeth: ${name}: none of ${total} ${unit}s failed`,
  );

// Transition coverage: a recorder notes which declared transitions the real actors took, so a model test can
// assert that its own walks exercised every one (every transition, not just every state). One
// recorder per model file: files share a module graph in a worker (isolate: false), and a shared tally would let
// one file's walks count for another's.
type TransitionLike = {
  source: { id: string; transitions: Map<string, unknown[]>; always?: unknown[] };
  eventType: string | null;
};

function transitionKey(t: TransitionLike): string {
  const always = t.source.always ?? [];
  if (always.includes(t)) return `${t.source.id} always #${always.indexOf(t)}`;
  const list = t.source.transitions.get(t.eventType ?? '') ?? [];
  return `${t.source.id} ${t.eventType} #${list.indexOf(t)}`;
}

export type TransitionRecorder = {
  /** An `inspect` option for createActor: records the transitions the machine's own actor takes. */
  readonly inspect: (inspectionEvent: InspectionEvent) => void;
  /** Declared transitions of the machine that no actor inspected by this recorder took. */
  untaken: () => string[];
};

export function transitionRecorder(machine: AnyStateMachine): TransitionRecorder {
  const seen = new Set<string>();
  return {
    inspect: (inspectionEvent) => {
      if (inspectionEvent.type !== '@xstate.microstep' || (inspectionEvent.actorRef as { _parent?: unknown })._parent)
        return;
      for (const t of inspectionEvent._transitions) seen.add(transitionKey(t as unknown as TransitionLike));
    },
    untaken: () => {
      const declared: string[] = [];
      const walk = (node: AnyStateMachine['root']) => {
        for (const list of node.transitions.values())
          for (const t of list) declared.push(transitionKey(t as unknown as TransitionLike));
        for (const t of node.always ?? []) declared.push(transitionKey(t as unknown as TransitionLike));
        Object.values(node.states).forEach((child) => walk(child as AnyStateMachine['root']));
      };
      walk(machine.root);
      return declared.filter((key) => !seen.has(key));
    },
  };
}
