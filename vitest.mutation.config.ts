import type { File, Task, Test } from '@vitest/runner';
import { BaseSequencer, type Reporter, type TestSpecification, type Vitest } from 'vitest/node';
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

const hasTests = (task: Task): boolean => task.type === 'test' || (task.type === 'suite' && task.tasks.some(hasTests));

/**
 * A test file that fails to load (a mutant that makes a machine definition throw on import, e.g. a parallel
 * machine turned compound without `initial`) collects no tests, and @stryker-mutator/vitest-runner 9.6.1 builds
 * a mutant's result from collected tests only, so it reported such mutants as survived.
 * This reporter gives each such file one failed test carrying the load error, so the mutant counts as killed.
 * Files that loaded are left as they are.
 */
class UnloadableFileFails implements Reporter {
  private vitest: Vitest | undefined;
  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }
  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.some(hasTests)) continue;
      file.tasks.push(loadFailure(file));
    }
  }
}

function loadFailure(file: File): Test {
  // A finished test as the runner records it; the cast stands for the run-time context nothing reads afterwards.
  return {
    type: 'test',
    id: `${file.id}_load`,
    name: 'the test file loads',
    mode: 'run',
    file,
    suite: file,
    meta: {},
    timeout: 0,
    annotations: [],
    artifacts: [],
    result: { state: 'fail', errors: file.result?.errors ?? [] },
  } as unknown as Test;
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
    reporters: ['default', new UnloadableFileFails()],
  },
});
