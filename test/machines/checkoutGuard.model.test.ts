import { describe, it } from 'vitest';
import { checkoutGuardPathName, checkoutGuardPaths, runCheckoutGuardPath } from './model/checkoutGuardModel';

describe(`checkoutGuard: ${checkoutGuardPaths.length} paths`, () => {
  it.each(checkoutGuardPaths.map((path) => [checkoutGuardPathName(path), path] as const))('%s', async (_name, path) => {
    await runCheckoutGuardPath(path);
  });
});
