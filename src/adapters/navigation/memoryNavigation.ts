import type { NavigationPort } from './navigationPort';

export interface MemoryNavigation extends NavigationPort {
  /** Every history entry, oldest first. */
  entries(): string[];
  /** Where Back would go: the previous entry becomes the current one (what the browser's Back does). */
  back(): void;
  /** Called after every move (push, replace, back), so a router can re-render. */
  subscribe(listener: () => void): () => void;
}

/** A history in memory, starting at `start`: the machine tests' address bar, and the UI tests' one (wouter reads it). */
export function memoryNavigation(start = '/'): MemoryNavigation {
  let stack = [start];
  let index = 0;
  const listeners = new Set<() => void>();
  const moved = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    current: () => stack[index]!,
    push(to) {
      stack = [...stack.slice(0, index + 1), to];
      index = stack.length - 1;
      moved();
    },
    replace(to) {
      stack = stack.map((entry, at) => (at === index ? to : entry));
      moved();
    },
    back() {
      if (index > 0) index -= 1;
      moved();
    },
    entries: () => stack.slice(),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
