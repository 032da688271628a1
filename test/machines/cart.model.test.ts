import { describe, it } from 'vitest';
import { cartPathName, cartPaths, runCartPath } from './model/cartModel';

describe(`cart: ${cartPaths.length} paths`, () => {
  it.each(cartPaths.map((path) => [cartPathName(path), path] as const))('%s', async (_name, path) => {
    await runCartPath(path);
  });
});
