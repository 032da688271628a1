import { defineConfig } from 'vitest/config';

// The suite StrykerJS runs against every mutant of src/domain and src/machines (stryker.config.json):
// the domain and machine tests, which need neither a DOM nor emulators. teeth.test.ts is left out: it checks
// that the model tests fail against broken test wiring (it tests the tests, not src/) and would double the run.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/domain/**/*.test.ts', 'test/machines/**/*.test.ts'],
    exclude: ['test/machines/teeth.test.ts'],
  },
});
