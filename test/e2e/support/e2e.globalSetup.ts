// The "e2e" vitest project's global setup: ONE local stack (emulators with the rules, the seeded catalog, the
// backend with the simulated payment provider, the run's one storefront build), started once for the whole run
// and shared by every e2e file. It starts in the background (test/support/readiness.ts) and its addresses reach
// the files through the readiness URL that provide/inject hands over, so the files (test/e2e/*.test.ts) run side
// by side, each worker with its own Chromium (./workerBrowser.ts) and each shopper in its own browser context
// (own storage, own session). Locally a machine without Chromium, gcloud's Firestore emulator or Java provides
// `unavailable` and the files skip with the reason; under CI=true the same situation fails the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
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
  // The run's one local build (test/support/localBuildHandover.ts), copied into a fresh folder of this stack's
  // and prerendered with this stack's addresses, which its pages carry. The builds project reads this folder too
  // and counts every file in it.
  const work = mkdtempSync(join(tmpdir(), 'club-e2e-'));
  const distDir = join(work, 'dist');
  const stackReady = startLocalStack({
    distDir,
    parcelOutput: localParcelBuild(),
    backendEnv: { LOG_LEVEL: 'warn' },
    notice: log,
  });
  offerLocalBuild(stackReady.then(() => distDir));
  // Both run in the background (test/support/readiness.ts): the other projects' files start meanwhile.
  const ready = (async (): Promise<E2EStack> => {
    const stack = await stackReady;
    log(`stack ready in ${seconds(started)} s (storefront ${stack.urls.storefront}, backend ${stack.urls.backend})`);
    return {
      storefront: stack.urls.storefront!,
      backend: stack.urls.backend!,
      projectId: stack.projectId,
      firestoreHost: stack.emulators.firestoreHost,
      authHost: stack.emulators.authHost,
      ports: stack.ports,
      distDir,
      seed: stack.seed,
    };
  })();
  const readiness = await serveReadiness('e2e', ready);
  project.provide('e2e', { ready: readiness.url, unavailable: null });
  return async () => {
    await readiness.close();
    await stackReady.then((stack) => stack.stop()).catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
}
