import { describe, expect, it } from 'vitest';
import { browseMachine } from '../../src/machines/browseMachine';
import { firstFailingPath, reportTooth, transitionRecorder, walkName } from './model/modelGraph';
import { browsePathName, browsePaths, runBrowsePath, type BrowseWiring } from './model/browseModel';

describe(`browse: ${browsePaths.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(browseMachine);

  it.each(
    browsePaths.map(
      (path, index) =>
        [
          walkName(path, index, browsePaths.length, browsePathName({ ...path, steps: path.steps.slice(0, 3) })),
          path,
        ] as const,
    ),
  )('%s', (_name, path) => {
    runBrowsePath(path, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of browseMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});

// Teeth (test/machines/README.md): the same paths must catch broken wiring of the address port.
describe('teeth: the browse paths catch broken address wiring', () => {
  const report = (name: string, caughtBy: number) => reportTooth(name, caughtBy, browsePaths.length);

  it('choices written with replace (Back would skip them) and corrections pushed', async () => {
    const swapped: BrowseWiring = (writes) => ({ show: writes.correct, correct: writes.show });
    const caughtBy = await firstFailingPath(browsePaths, async (path) => runBrowsePath(path, swapped));
    report('push and replace swapped', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });

  it('an unreadable address never corrected', async () => {
    const uncorrected: BrowseWiring = (writes) => ({ show: writes.show, correct: () => {} });
    const caughtBy = await firstFailingPath(browsePaths, async (path) => runBrowsePath(path, uncorrected));
    report('no correction', caughtBy);
    expect(caughtBy).toBeGreaterThan(0);
  });
});
