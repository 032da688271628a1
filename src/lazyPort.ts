// A port whose implementation is a lazy chunk: loaded on the first call, every argument forwarded as it was
// given, and a failed download forgotten so the next call tries again. One helper instead of a hand-written
// proxy per port, where an argument is easily dropped (the checkout proxy once lost its options, and with
// them the Idempotency-Key header). Offline the download is not even started (src/ui/lazyImport.ts): the
// bundler would keep that failure, and the next call after going back online must load the code.
import { browserOnline, importWhenOnline } from './ui/lazyImport';

type AsyncMethods<Port> = {
  [K in keyof Port as Port[K] extends (...args: never[]) => Promise<unknown> ? K : never]: Port[K];
};

export function lazyPort<Port extends object, K extends keyof AsyncMethods<Port>>(
  load: () => Promise<Port>,
  methods: readonly K[],
  /** The port's own error for "its code could not be loaded" (thrown by the call that needed it). */
  unavailable: (cause: unknown) => Error,
  /** Whether the browser is online (navigator.onLine; tests pass their own). */
  isOnline: () => boolean = browserOnline,
): Pick<Port, K> {
  let loading: Promise<Port> | null = null;
  const port = () =>
    (loading ??= importWhenOnline(load, isOnline)).catch((error: unknown) => {
      loading = null;
      throw unavailable(error);
    });
  const forwarding = {} as Pick<Port, K>;
  for (const method of methods) {
    const forward = async (...args: unknown[]) => {
      const loaded = await port();
      return (loaded[method] as (...args: unknown[]) => Promise<unknown>).apply(loaded, args);
    };
    (forwarding as Record<K, unknown>)[method] = forward;
  }
  return forwarding;
}
