// The one way a lazy feature (src/features/<name>/) is loaded. Each feature's loader downloads its chunk through
// here: never while the browser is offline (src/ui/lazyImport.ts: the bundler would keep that failure), once per
// services for a feature that runs an actor (started when the chunk arrives, stopped with the services), and a
// part of the chunk rendered by a slot through React.lazy.
import { lazy, type ComponentType } from 'react';
import { importWhenOnline } from '../ui/lazyImport';
import type { FeatureHost, Services } from '../ui/services';

/** What a feature's loader starts once its chunk is there: what it hands out, and how it stops. */
export interface StartedFeature<T> {
  value: T;
  stop(): void;
}

/**
 * A feature in a chunk of its own, for one set of services: `start` downloads the chunk and starts the feature's
 * actors, on the first call only; every call returns the same promise (React's use() needs that). The feature
 * stops with the services (at once if they stopped meanwhile). A failed download is logged and answers null, and
 * the next call tries again.
 */
export function lazyFeature<T>(
  name: string,
  start: (services: Services) => Promise<StartedFeature<T>>,
): (services: Services) => Promise<T | null> {
  const loading = new WeakMap<FeatureHost, Promise<T | null>>();
  return (services) => {
    const host = services.features;
    const known = loading.get(host);
    if (known) return known;
    const next = importWhenOnline(() => start(services)).then(
      (started) => {
        host.onStop(started.stop);
        return started.value;
      },
      (error: unknown) => {
        loading.delete(host);
        host.logError(`[${name}] the ${name} code could not be loaded`, error);
        return null;
      },
    );
    loading.set(host, next);
    return next;
  };
}

/** A component of a feature's chunk for a slot to render (React.lazy: the slot's Suspense shows its fallback). */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  return lazy(() => load().then((Part) => ({ default: Part })));
}
