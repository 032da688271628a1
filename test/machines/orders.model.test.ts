import { describe, expect, it } from 'vitest';
import { ordersMachine } from '../../src/machines/ordersMachine';
import { transitionRecorder } from './model/modelGraph';
import { ordersPathName, ordersPaths, runOrdersPath } from './model/ordersModel';

describe(`orders: ${ordersPaths.length} paths`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(ordersMachine);

  it.each(ordersPaths.map((path) => [ordersPathName(path), path] as const))('%s', async (_name, path) => {
    await runOrdersPath(path, coverage);
  });

  it('the paths took every declared transition of ordersMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});
