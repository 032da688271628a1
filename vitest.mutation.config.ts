import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Fast files first: Stryker stops a mutant's run at the first failing test (bail), so a mutant the domain or
// unit tests kill never waits for the model-based paths, which take most of the run.
class UnitTestsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) =>
      file.moduleId.includes('/test/domain/') ? 0 : file.moduleId.endsWith('.model.test.ts') ? 2 : 1;
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

// The suite StrykerJS runs against every mutant of src/domain and src/machines (stryker.config.json):
// the domain and machine tests, which need neither a DOM nor emulators. teeth.test.ts is left out: it checks
// that the model tests fail against broken test wiring (it tests the tests, not src/) and would double the run.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts'],
    exclude: ['test/machines/teeth.test.ts'],
    sequence: { sequencer: UnitTestsFirst },
  },
});
