// The connectivity actor and the offline service worker, started together by src/main.tsx after the load event
// and hydration (a lazy chunk: the machine, workbox-window and this wiring stay out of the entry bundle). Every
// JS chunk is precached, so offline this chunk comes from the worker.
import { createActor, type InspectionEvent } from 'xstate';
import { connectivityMachine, type ConnectivityActorRef } from '../machines/connectivityMachine';
import { registerServiceWorker, unregisterServiceWorkers } from './register';

export function startConnectivity({
  worker,
  inspect,
}: {
  worker: 'register' | 'unregister';
  inspect?: (event: InspectionEvent) => void;
}): ConnectivityActorRef {
  const controls = { activate: () => {} };
  const connectivity = createActor(
    connectivityMachine.provide({
      actions: { askToActivate: () => controls.activate(), reload: () => window.location.reload() },
    }),
    { input: { online: navigator.onLine !== false, path: window.location.pathname }, inspect },
  ).start();
  window.addEventListener('online', () => connectivity.send({ type: 'connectivity.online' }));
  window.addEventListener('offline', () => connectivity.send({ type: 'connectivity.offline' }));
  // Where the shopper is (an open checkout holds the update banner): wouter announces its pushState and
  // replaceState with events of those names, the browser's back and forward with popstate.
  for (const type of ['popstate', 'pushState', 'replaceState']) {
    window.addEventListener(type, () => connectivity.send({ type: 'route.changed', path: window.location.pathname }));
  }
  if ('serviceWorker' in navigator) {
    if (worker === 'unregister') unregisterServiceWorkers().catch(() => {});
    else controls.activate = registerServiceWorker(connectivity).activate;
  }
  return connectivity;
}
