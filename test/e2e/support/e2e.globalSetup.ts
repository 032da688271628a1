// The "e2e" vitest project's global setup: ONE local stack (emulators with the rules, the seeded catalog, the
// backend with the simulated payment provider, the run's one storefront build) and ONE Chromium, started
// once for the whole run and shared by every e2e file. They start in the background (test/support/readiness.ts)
// and their addresses reach the files through the readiness URL that provide/inject hands over, so
// the files (test/e2e/*.test.ts) run side by side, each in its own browser contexts (a context is a new shopper:
// own storage, own session). Locally a machine without Chromium, gcloud's Firestore emulator or Java provides
// `unavailable` and the files skip with the reason; under CI=true the same situation fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../../../scripts/lib/chromium';
import { startLocalStack } from '../../../scripts/lib/stack';
import { localParcelBuild, offerLocalBuild } from '../../support/localBuildHandover';
import { e2eUnavailable } from './availability';
import type { E2EStack, ProvidedE2E } from './e2e';
import { serveReadiness } from '../../support/readiness';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: ProvidedE2E;
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

export default async function setup(project: TestProject) {
  const unavailable = e2eUnavailable();
  if (unavailable) {
    project.provide('e2e', { ready: '', unavailable });
    return;
  }
  const started = Date.now();
  const log = (line: string) => console.log(`[e2e] ${line}`);
  // Chromium starts while the stack starts; if it cannot, the stack stops at once instead of finishing.
  const abort = new AbortController();
  const browserReady = chromium.launchServer({ executablePath: TEST_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  browserReady.catch(() => abort.abort());
  // The run's one local build (test/support/localBuildHandover.ts), copied into a fresh folder of this stack's
  // and prerendered with this stack's addresses, which its pages carry. The builds project reads this folder too
  // and counts every file in it.
  const work = mkdtempSync(join(tmpdir(), 'club-e2e-'));
  const distDir = join(work, 'dist');
  const stackReady = startLocalStack({
    signal: abort.signal,
    distDir,
    parcelOutput: localParcelBuild(),
    backendEnv: { LOG_LEVEL: 'warn' },
    notice: log,
  });
  offerLocalBuild(stackReady.then(() => distDir));
  // Both run in the background (test/support/readiness.ts): the other projects' files start meanwhile.
  const ready = (async (): Promise<E2EStack> => {
    const [stack, browser] = await Promise.allSettled([stackReady, browserReady]);
    // The browser's own error says more than "the stack was stopped while it was starting".
    if (browser.status === 'rejected') throw browser.reason;
    if (stack.status === 'rejected') throw stack.reason;
    log(
      `stack and Chromium (${TEST_CHROMIUM_PATH}) ready in ${seconds(started)} s (storefront ${stack.value.urls.storefront}, backend ${stack.value.urls.backend})`,
    );
    return {
      storefront: stack.value.urls.storefront!,
      backend: stack.value.urls.backend!,
      projectId: stack.value.projectId,
      firestoreHost: stack.value.emulators.firestoreHost,
      authHost: stack.value.emulators.authHost,
      browserEndpoint: browser.value.wsEndpoint(),
      ports: stack.value.ports,
      distDir,
      seed: stack.value.seed,
    };
  })();
  const readiness = await serveReadiness('e2e', ready);
  project.provide('e2e', { ready: readiness.url, unavailable: null });
  return async () => {
    await readiness.close();
    await Promise.all([
      browserReady.then((browser) => browser.close()).catch(() => {}),
      stackReady.then((stack) => stack.stop()).catch(() => {}),
    ]);
    rmSync(work, { recursive: true, force: true });
  };
}
