import { describe, expect, it } from 'vitest';
import { cartMachine } from '../../src/machines/cartMachine';
import { untakenTransitions } from './model/graph';
import { cartPathName, cartPaths, runCartPath } from './model/cartModel';

describe(`cart: ${cartPaths.length} paths`, () => {
  it.each(cartPaths.map((path) => [cartPathName(path), path] as const))('%s', async (_name, path) => {
    await runCartPath(path);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of cartMachine', () => {
    expect(untakenTransitions(cartMachine)).toEqual([]);
  });
});
