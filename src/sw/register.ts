// Registers dist/sw.js (scripts/build-sw.ts) and reports its news to the connectivity machine. Part of the lazy
// chunk src/sw/connectivity.ts starts after the load event: workbox-window stays out of the entry and the
// worker's install (the precache) never competes with the first paint.
import { Workbox } from 'workbox-window';
import type { ConnectivityActorRef } from '../machines/connectivityMachine';

export const SERVICE_WORKER_URL = '/sw.js';

export interface ServiceWorkerControls {
  /** Lets the waiting worker take over ("Atualizar"): it activates, controllerchange follows. */
  activate(): void;
}

export function registerServiceWorker(
  connectivity: Pick<ConnectivityActorRef, 'send'>,
  container: ServiceWorkerContainer = navigator.serviceWorker,
): ServiceWorkerControls {
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  // Also fired at registration when a worker was already waiting (installed by an earlier visit or tab).
  workbox.addEventListener('waiting', () => connectivity.send({ type: 'update.waiting' }));
  container.addEventListener('controllerchange', () => connectivity.send({ type: 'update.activated' }));
  // A browser that refuses workers (a private window, a policy) keeps the shop as it is without one.
  workbox.register().catch(() => {});
  return { activate: () => workbox.messageSkipWaiting() };
}

/** `npm run dev` never uses a worker; one left by an earlier `npm start` on the same port must not serve stale code. */
export async function unregisterServiceWorkers(
  container: ServiceWorkerContainer = navigator.serviceWorker,
): Promise<number> {
  const registrations = await container.getRegistrations();
  await Promise.all(registrations.map((registration) => registration.unregister()));
  return registrations.length;
}
