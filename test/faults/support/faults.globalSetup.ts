// The "faults" vitest project's global setup: a local stack of its own (the suite pauses its processes, which
// would stall every other e2e file on a shared stack), started in the background like the e2e project's
// (test/support/readiness.ts); the files drive their worker's Chromium (test/e2e/support/workerBrowser.ts). The stack's process groups (Firestore emulator, Auth emulator,
// backend) reach the suite, which pauses and resumes them with SIGSTOP/SIGCONT.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../../scripts/lib/stack';
import { localParcelBuild } from '../../support/localBuildHandover';
import { e2eUnavailable } from '../../e2e/support/availability';
import { serveReadiness } from '../../support/readiness';
import type { FaultStack, ProvidedFaults } from './faults';

declare module 'vitest' {
  export interface ProvidedContext {
    faults: ProvidedFaults;
  }
}

export default async function setup(project: TestProject) {
  const unavailable = e2eUnavailable();
  if (unavailable) {
    project.provide('faults', { ready: '', unavailable });
    return;
  }
  const log = (line: string) => console.log(`[faults] ${line}`);
  // The run's one local build (test/support/localBuildHandover.ts), copied and prerendered with this stack's
  // addresses, which its pages carry.
  const work = mkdtempSync(join(tmpdir(), 'club-faults-'));
  const stackReady = startLocalStack({
    distDir: join(work, 'dist'),
    parcelOutput: localParcelBuild(),
    backendEnv: { LOG_LEVEL: 'warn' },
    notice: log,
  });
  const ready = (async (): Promise<FaultStack> => {
    const { urls, pids, projectId, emulators } = await stackReady;
    if (pids.firestore === null || pids.backend === null)
      throw new Error('the fault suite needs the pids of the Firestore emulator and the backend');
    return {
      storefront: urls.storefront!,
      backend: urls.backend!,
      projectId,
      firestoreHost: emulators.firestoreHost,
      authHost: emulators.authHost,
      pids: { firestore: pids.firestore, backend: pids.backend },
    };
  })();
  const readiness = await serveReadiness('faults', ready);
  project.provide('faults', { ready: readiness.url, unavailable: null });
  return async () => {
    await readiness.close();
    // A paused process cannot stop: resume both before stopping (the suite resumes them too, after each test).
    await ready.then(({ pids }) => Object.values(pids).forEach((pid) => signalGroup(pid, 'SIGCONT'))).catch(() => {});
    await stackReady.then((stack) => stack.stop()).catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}
