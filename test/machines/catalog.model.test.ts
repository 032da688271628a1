import { describe, expect, it } from 'vitest';
import { catalogMachine } from '../../src/machines/catalogMachine';
import { untakenTransitions } from './model/graph';
import { catalogPathName, catalogPaths, prerenderedCatalogPaths, prerenderedSnapshot, runCatalogPath } from './model/catalogModel';

describe(`catalog: ${catalogPaths.length} paths`, () => {
  it.each(catalogPaths.map((path) => [catalogPathName(path), path] as const))('%s', async (_name, path) => {
    await runCatalogPath(path);
  });

  describe(`from a prerendered snapshot: ${prerenderedCatalogPaths.length} paths`, () => {
    it.each(prerenderedCatalogPaths.map((path) => [catalogPathName(path), path] as const))('%s', async (_name, path) => {
      await runCatalogPath(path, undefined, prerenderedSnapshot);
    });
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of catalogMachine', () => {
    expect(untakenTransitions(catalogMachine)).toEqual([]);
  });
});
