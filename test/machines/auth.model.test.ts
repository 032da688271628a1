import { describe, it } from 'vitest';
import { authPathName, authPaths, runAuthPath } from './model/authModel';

describe(`auth: ${authPaths.length} paths`, () => {
  it.each(authPaths.map((path) => [authPathName(path), path] as const))('%s', async (_name, path) => {
    await runAuthPath(path);
  });
});
