import { describe, expect, it } from 'vitest';
import { ordersMachine } from '../../src/machines/ordersMachine';
import { untakenTransitions } from './model/graph';
import { ordersPathName, ordersPaths, runOrdersPath } from './model/ordersModel';

describe(`orders: ${ordersPaths.length} paths`, () => {
  it.each(ordersPaths.map((path) => [ordersPathName(path), path] as const))('%s', async (_name, path) => {
    await runOrdersPath(path);
  });

  it('the paths took every declared transition of ordersMachine', () => {
    expect(untakenTransitions(ordersMachine)).toEqual([]);
  });
});
