// The "e2e" vitest project's global setup: ONE local stack (emulators with the rules, the seeded catalog, the
// backend with the simulated payment provider, the storefront built for this stack) and ONE Chromium, started
// once for the whole run and shared by every e2e file. Their addresses reach the files with provide/inject, so
// the files (test/e2e/*.test.ts) run side by side, each in its own browser contexts (a context is a new shopper:
// own storage, own session). Locally a machine without Chromium, gcloud's Firestore emulator or Java provides
// `unavailable` and the files skip with the reason; under CI=true the same situation fails the run.
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib/chromium';
import { ROOT, startLocalStack } from '../../../scripts/lib/stack';
import { e2eUnavailable } from './availability';
import type { ProvidedE2E } from './e2e';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: ProvidedE2E;
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

export default async function setup(project: TestProject) {
  const unavailable = e2eUnavailable();
  if (unavailable) {
    project.provide('e2e', { storefront: '', backend: '', projectId: '', firestoreHost: '', browserEndpoint: '', unavailable });
    return;
  }
  const started = Date.now();
  const log = (line: string) => console.log(`[e2e] ${line}`);
  // Chromium starts while the stack starts; if it cannot, the stack stops at once instead of finishing.
  const abort = new AbortController();
  const browserReady = chromium.launchServer({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  browserReady.catch(() => abort.abort());
  const stack = await startLocalStack({
    signal: abort.signal,
    // The bundle bakes this stack's ports in: its own dist and Parcel cache, never `npm start`'s.
    distDir: join(ROOT, '.parcel-e2e', 'dist'),
    cacheDir: join(ROOT, '.parcel-e2e', 'cache'),
    backendEnv: { LOG_LEVEL: 'warn' },
    notice: log,
  }).catch(async (error: unknown) => {
    // The browser's own error says more than "the stack was stopped while it was starting".
    const browser = await browserReady;
    await browser.close().catch(() => {});
    throw error;
  });
  const browser = await browserReady.catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  log(`stack and Chromium ready in ${seconds(started)} s (storefront ${stack.urls.storefront}, backend ${stack.urls.backend})`);
  project.provide('e2e', {
    storefront: stack.urls.storefront!,
    backend: stack.urls.backend!,
    projectId: stack.projectId,
    firestoreHost: stack.emulators.firestoreHost,
    browserEndpoint: browser.wsEndpoint(),
    unavailable: null,
  });
  return async () => {
    await browser.close().catch(() => {});
    await stack.stop();
  };
}
