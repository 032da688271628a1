import { describe, expect, it } from 'vitest';
import { authMachine } from '../../src/machines/authMachine';
import { untakenTransitions } from './model/graph';
import { authPathName, authPaths, runAuthPath } from './model/authModel';

describe(`auth: ${authPaths.length} paths`, () => {
  it.each(authPaths.map((path) => [authPathName(path), path] as const))('%s', async (_name, path) => {
    await runAuthPath(path);
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of authMachine', () => {
    expect(untakenTransitions(authMachine)).toEqual([]);
  });
});
