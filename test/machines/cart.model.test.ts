import { describe, expect, it } from 'vitest';
import { cartMachine } from '../../src/machines/cartMachine';
import { transitionRecorder, walkName } from './model/modelGraph';
import { cartPathName, cartPaths, runCartPath } from './model/cartModel';

describe(`cart: ${cartPaths.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(cartMachine);

  it.each(
    cartPaths.map(
      (path, index) =>
        [walkName(path, index, cartPaths.length, cartPathName({ steps: path.steps.slice(0, 3) })), path] as const,
    ),
  )('%s', async (_name, path) => {
    await runCartPath(path, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of cartMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});
