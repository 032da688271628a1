/**
 * A function whose calls stay pending until the test settles them by hand:
 * `const load = controllable<[], CartItem[]>(); port.load = load.fn; … load.latest().resolve([])`.
 * Each call is recorded with its arguments, so a test can also assert how often the port was called.
 */
export interface PendingCall<Args extends unknown[], Result> {
  readonly args: Args;
  readonly settled: boolean;
  resolve(value: Result): void;
  reject(error: unknown): void;
}

export interface Controllable<Args extends unknown[], Result> {
  readonly fn: (...args: Args) => Promise<Result>;
  readonly calls: ReadonlyArray<PendingCall<Args, Result>>;
  /** The most recent call; throws if there was none, so a test never settles a call that was not made. */
  latest(): PendingCall<Args, Result>;
  /** Calls not settled yet. */
  pending(): Array<PendingCall<Args, Result>>;
}

export function controllable<Args extends unknown[], Result>(name = 'call'): Controllable<Args, Result> {
  const calls: Array<PendingCall<Args, Result>> = [];
  return {
    fn: (...args: Args) =>
      new Promise<Result>((resolvePromise, rejectPromise) => {
        let settled = false;
        calls.push({
          args,
          get settled() {
            return settled;
          },
          resolve(value) {
            if (settled) throw new Error(`${name}: already settled`);
            settled = true;
            resolvePromise(value);
          },
          reject(error) {
            if (settled) throw new Error(`${name}: already settled`);
            settled = true;
            rejectPromise(error);
          },
        });
      }),
    calls,
    latest() {
      const last = calls.at(-1);
      if (!last) throw new Error(`${name}: no call was made`);
      return last;
    },
    pending: () => calls.filter((call) => !call.settled),
  };
}

/**
 * Lets settled promises and the actor's reaction run: every microtask queued before it has run when it resolves.
 * setImmediate rather than setTimeout(0), which Node rounds up to 1 ms: a model walk ticks thousands of times.
 */
export const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A port error with an enumerable `code`, like the port error classes, for "any other error" cases. */
export function codedError(code: string, message = code): Error & { code: string } {
  return Object.assign(new Error(message), { code });
}
