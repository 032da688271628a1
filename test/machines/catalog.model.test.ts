import { describe, expect, it } from 'vitest';
import { catalogMachine } from '../../src/machines/catalogMachine';
import { transitionRecorder, walkName } from './model/modelGraph';
import {
  catalogPathName,
  catalogPaths,
  prerenderedCatalogPaths,
  prerenderedSnapshot,
  productPagePaths,
  productPageSnapshot,
  runCatalogPath,
} from './model/catalogModel';

describe(`catalog: ${catalogPaths.length} walks taking every transition of the model`, () => {
  // Only this file's walks count (files share modules in a worker).
  const coverage = transitionRecorder(catalogMachine);

  it.each(
    catalogPaths.map(
      (path, index) =>
        [walkName(path, index, catalogPaths.length, catalogPathName({ steps: path.steps.slice(0, 3) })), path] as const,
    ),
  )('%s', async (_name, path) => {
    await runCatalogPath(path, undefined, undefined, coverage);
  });

  describe(`from a prerendered snapshot: ${prerenderedCatalogPaths.length} walks`, () => {
    it.each(
      prerenderedCatalogPaths.map(
        (path, index) =>
          [
            walkName(path, index, prerenderedCatalogPaths.length, catalogPathName({ steps: path.steps.slice(0, 3) })),
            path,
          ] as const,
      ),
    )('%s', async (_name, path) => {
      await runCatalogPath(path, undefined, prerenderedSnapshot, coverage);
    });
  });

  describe(`from a product page rendered on request: ${productPagePaths.length} walks`, () => {
    it.each(
      productPagePaths.map(
        (path, index) =>
          [
            walkName(path, index, productPagePaths.length, catalogPathName({ steps: path.steps.slice(0, 3) })),
            path,
          ] as const,
      ),
    )('%s', async (_name, path) => {
      await runCatalogPath(path, undefined, productPageSnapshot, coverage);
    });
  });

  // Runs after the paths above (tests in a file run in order).
  it('the paths took every declared transition of catalogMachine', () => {
    expect(coverage.untaken()).toEqual([]);
  });
});
