/**
 * An actor as another actor reads it (getSnapshot, subscribe), moved by hand: `set` changes its state and tells
 * every listener. `listeners()` says whether the reader still listens.
 */
export function handMoved<State, Snapshot>(initial: State, snapshotOf: (state: State) => Snapshot) {
  let state = initial;
  const listeners = new Set<(snapshot: Snapshot) => void>();
  return {
    getSnapshot: () => snapshotOf(state),
    subscribe(listener: (snapshot: Snapshot) => void) {
      listeners.add(listener);
      return { unsubscribe: () => void listeners.delete(listener) };
    },
    set(next: State) {
      state = next;
      for (const listener of [...listeners]) listener(snapshotOf(state));
    },
    listeners: () => listeners.size,
  };
}
