import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import {
  checkoutGuardMachine,
  type AuthSource,
  type CheckoutGuardEvent,
} from '../../src/machines/checkoutGuardMachine';
import { firstFailingPath, reportTooth, transitionRecorder } from './model/modelGraph';
import { checkoutGuardPathName, checkoutGuardPaths, runCheckoutGuardPath } from './model/checkoutGuardModel';

describe(`checkoutGuard: ${checkoutGuardPaths.length} paths`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(checkoutGuardMachine);

  it.each(checkoutGuardPaths.map((path) => [checkoutGuardPathName(path), path] as const))('%s', async (_name, path) => {
    await runCheckoutGuardPath(path, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of checkoutGuardMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});

// Teeth (test/machines/README.md): the same paths must catch a guard that follows auth wrongly.
describe('teeth: the guard paths catch broken auth following', () => {
  const count = (name: string, caughtBy: number) => {
    reportTooth(name, caughtBy, checkoutGuardPaths.length);
    return caughtBy;
  };

  it('a guard that reads auth once and never follows it', async () => {
    const once = ({ auth }: { auth: AuthSource }) => ({
      followAuth: fromCallback<CheckoutGuardEvent>(({ sendBack }) => {
        const snapshot = auth.getSnapshot();
        if (!snapshot.hasTag('unknown'))
          sendBack({ type: snapshot.hasTag('signedIn') ? 'guard.loggedIn' : 'guard.loggedOut' });
      }),
    });
    expect(
      count(
        'auth read once',
        await firstFailingPath(checkoutGuardPaths, (path) => runCheckoutGuardPath(path, { actors: once })),
      ),
    ).toBeGreaterThan(0);
  });

  it('a guard that takes "auth unknown" for signed out (redirects before auth has answered)', async () => {
    const hasty = ({ auth }: { auth: AuthSource }) => ({
      followAuth: fromCallback<CheckoutGuardEvent>(({ sendBack }) => {
        const forward = (s: ReturnType<AuthSource['getSnapshot']>) =>
          sendBack({ type: s.hasTag('signedIn') ? 'guard.loggedIn' : 'guard.loggedOut' });
        forward(auth.getSnapshot());
        const watch = auth.subscribe(forward);
        return () => watch.unsubscribe();
      }),
    });
    expect(
      count(
        'unknown taken for signed out',
        await firstFailingPath(checkoutGuardPaths, (path) => runCheckoutGuardPath(path, { actors: hasty })),
      ),
    ).toBeGreaterThan(0);
  });
});
