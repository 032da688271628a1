import { describe, expect, it } from 'vitest';
import { checkoutGuardMachine } from '../../src/machines/checkoutGuardMachine';
import { transitionRecorder } from './model/graph';
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
