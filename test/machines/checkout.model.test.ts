import { describe, it } from 'vitest';
import { checkoutPathName, checkoutPaths, runCheckoutPath } from './model/checkoutModel';

describe(`checkout: ${checkoutPaths.length} paths`, () => {
  it.each(checkoutPaths.map((path) => [checkoutPathName(path), path] as const))('%s', async (_name, path) => {
    await runCheckoutPath(path);
  });
});
