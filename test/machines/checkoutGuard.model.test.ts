import { describe, expect, it } from 'vitest';
import { checkoutGuardMachine } from '../../src/machines/checkoutGuardMachine';
import { untakenTransitions } from './model/graph';
import { checkoutGuardPathName, checkoutGuardPaths, runCheckoutGuardPath } from './model/checkoutGuardModel';

describe(`checkoutGuard: ${checkoutGuardPaths.length} paths`, () => {
  it.each(checkoutGuardPaths.map((path) => [checkoutGuardPathName(path), path] as const))('%s', async (_name, path) => {
    await runCheckoutGuardPath(path);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of checkoutGuardMachine', () => {
    expect(untakenTransitions(checkoutGuardMachine)).toEqual([]);
  });
});
