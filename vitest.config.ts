import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Components and machines run on happy-dom; server, contract and e2e files opt into node per file
    // with a `// @vitest-environment node` docblock.
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    hookTimeout: 120_000,
    // Emulators and Chromium are heavy on our 2 cores: run files one at a time, deterministic order.
    fileParallelism: false,
  },
});
