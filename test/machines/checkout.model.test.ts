import { describe, expect, it } from 'vitest';
import { checkoutMachine } from '../../src/machines/checkoutMachine';
import { transitionRecorder } from './model/modelGraph';
import { checkoutPathName, checkoutPaths, runCheckoutPath } from './model/checkoutModel';

describe(`checkout: ${checkoutPaths.length} paths`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(checkoutMachine);

  it.each(checkoutPaths.map((path) => [checkoutPathName(path), path] as const))('%s', async (_name, path) => {
    await runCheckoutPath(path, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of checkoutMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});
