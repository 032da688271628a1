import { describe, expect, it } from 'vitest';
import { authMachine } from '../../src/machines/authMachine';
import { transitionRecorder, walkName } from './model/modelGraph';
import { authPathName, authPaths, runAuthPath } from './model/authModel';

describe(`auth: ${authPaths.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(authMachine);

  it.each(
    authPaths.map(
      (path, index) =>
        [walkName(path, index, authPaths.length, authPathName({ steps: path.steps.slice(0, 3) })), path] as const,
    ),
  )('%s', async (_name, path) => {
    await runAuthPath(path, undefined, coverage);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of authMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});
