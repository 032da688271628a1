import { describe, expect, it } from 'vitest';
import { connectivityMachine } from '../../src/machines/connectivityMachine';
import { firstFailingPath, reportTooth, transitionRecorder } from './model/modelGraph';
import { connectivityPathName, connectivityPaths, runConnectivityPath } from './model/connectivityModel';

describe(`connectivity: ${connectivityPaths.length} paths`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(connectivityMachine);

  it.each(connectivityPaths.map((path) => [connectivityPathName(path), path] as const))('%s', async (_name, path) => {
    await runConnectivityPath(path, {}, coverage);
  });

  it('the paths took every declared transition of connectivityMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});

// Teeth (test/machines/README.md): the same paths must catch a machine wired wrongly.
describe('teeth: the connectivity paths catch broken wiring', () => {
  const count = (name: string, caughtBy: number) => {
    reportTooth(name, caughtBy, connectivityPaths.length);
    return caughtBy;
  };
  const caughtWith = (machine: typeof connectivityMachine) =>
    firstFailingPath(connectivityPaths, (path) => runConnectivityPath(path, { machine }));

  it('a banner that ignores an open checkout', async () => {
    const machine = connectivityMachine.provide({ guards: { onCheckout: () => false, toCheckout: () => false } });
    expect(count('checkout ignored', await caughtWith(machine))).toBeGreaterThan(0);
  });

  it('a page that always starts online', async () => {
    const machine = connectivityMachine.provide({ guards: { startedOnline: () => true } });
    expect(count('start always online', await caughtWith(machine))).toBeGreaterThan(0);
  });

  it('a banner that stays hidden after leaving the checkout', async () => {
    const machine = connectivityMachine.provide({ guards: { awayFromCheckout: () => false } });
    expect(count('held for good', await caughtWith(machine))).toBeGreaterThan(0);
  });
});
