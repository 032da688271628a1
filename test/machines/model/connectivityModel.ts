import { expect, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { connectivityMachine } from '../../../src/machines/connectivityMachine';
import { selectOffline, selectUpdateAvailable } from '../../../src/ui/selectors';
import { pathName, shortestPaths, type ModelPath, type TransitionRecorder } from './modelGraph';

type ConnectivityPath = ModelPath<typeof connectivityMachine>;

/** The addresses the walks visit; the two under a checkout are listed here, not read from the machine. */
const PATHS = ['/', '/checkout', '/pay/cs_test_1'] as const;
const CHECKOUT_PATHS = new Set<string>(['/checkout', '/pay/cs_test_1']);

const variants = (type: string) => (type === 'route.changed' ? PATHS.map((path) => ({ type, path })) : undefined);
// Offered in every state too, to check they are ignored where they do nothing.
const EVERYWHERE = ['update.waiting', 'update.accept', 'update.activated'];

/** Paths from a page that started online, and from one that started offline (navigator.onLine). */
export const connectivityPaths: Array<{ startOnline: boolean; startPath: string; path: ConnectivityPath }> = [
  true,
  false,
].flatMap((online) =>
  shortestPaths(connectivityMachine, { input: { online, path: '/' }, offerEverywhere: EVERYWHERE, variants }).map(
    (path) => ({
      startOnline: online,
      startPath: '/',
      path,
    }),
  ),
);

export const connectivityPathName = ({ startOnline, path }: (typeof connectivityPaths)[number]) =>
  `${startOnline ? 'online' : 'offline'}: ${pathName(path, (e) => ('path' in e ? String(e.path) : ''))}`;

export type ConnectivityWiring = { machine?: typeof connectivityMachine };

/**
 * The shopper's view, kept by the test: the offline banner while the browser is offline; "Nova versão disponível"
 * once a new worker waits, never on a checkout address; "Atualizar" asks the worker to take over exactly once,
 * and the page reloads only when that worker then controls it (never on the first worker's takeover).
 */
export async function runConnectivityPath(
  { startOnline, startPath, path }: (typeof connectivityPaths)[number],
  wiring: ConnectivityWiring = {},
  recorder?: TransitionRecorder,
) {
  const asked = vi.fn();
  const reloads = vi.fn();
  const machine = (wiring.machine ?? connectivityMachine).provide({
    actions: { askToActivate: asked, reload: reloads },
  });
  const actor = createActor(machine, { input: { online: startOnline, path: startPath }, inspect: recorder?.inspect });
  const ref = {
    online: startOnline,
    path: startPath,
    update: 'current' as 'current' | 'waiting' | 'activating',
    asked: 0,
    reloads: 0,
  };
  try {
    for (const [index, { event }] of path.steps.entries()) {
      const at = `step ${index} (${event.type})`;
      const e = event as EventObject & { path?: string };
      if (e.type === 'xstate.init') actor.start();
      else actor.send(e as never);
      switch (e.type) {
        case 'connectivity.online':
          ref.online = true;
          break;
        case 'connectivity.offline':
          ref.online = false;
          break;
        case 'route.changed':
          ref.path = e.path!;
          break;
        case 'update.waiting':
          if (ref.update === 'current') ref.update = 'waiting';
          break;
        case 'update.accept':
          // Only a banner on screen can be pressed.
          if (ref.update === 'waiting' && !CHECKOUT_PATHS.has(ref.path)) {
            ref.update = 'activating';
            ref.asked += 1;
          }
          break;
        case 'update.activated':
          if (ref.update === 'activating') ref.reloads += 1;
          break;
      }
      const snapshot = actor.getSnapshot();
      expect(selectOffline(snapshot), `${at}: offline banner`).toBe(!ref.online);
      expect(selectUpdateAvailable(snapshot), `${at}: update banner`).toBe(
        ref.update === 'waiting' && !CHECKOUT_PATHS.has(ref.path),
      );
      expect(asked, `${at}: SKIP_WAITING posted`).toHaveBeenCalledTimes(ref.asked);
      expect(reloads, `${at}: reloads`).toHaveBeenCalledTimes(ref.reloads);
    }
  } finally {
    actor.stop();
  }
}
