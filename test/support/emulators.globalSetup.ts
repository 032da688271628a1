// The "emulators" vitest project's global setup: ONE Auth + Firestore emulator pair (firestore.rules loaded)
// for the whole run, its addresses handed to the test files with provide/inject. The ports are chosen and
// provided at once; the emulators start in the background and useEmulators() waits for them
// (test/support/readiness.ts says why). Files clear the data
// between suites (test/contracts/support/emulatorData.ts). Locally a machine without gcloud/Java gets
// `unavailable` and the files skip with the reason; under CI=true the same situation fails the run.
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  checkEmulatorPrerequisites,
  DEFAULT_PROJECT_ID,
  EmulatorPrerequisiteError,
  startEmulators,
} from '../../scripts/lib/emulators';
import { findFreePort } from '../../scripts/lib/ports';
import { serveReadiness } from './readiness';

export interface ProvidedEmulators {
  projectId: string;
  /** "127.0.0.1:<port>" ("" when unavailable). */
  authHost: string;
  firestoreHost: string;
  /** Where the emulators' start is served (test/support/readiness.ts). */
  ready: string;
  /** Why they could not start on this machine (never under CI=true), or null. */
  unavailable: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    emulators: ProvidedEmulators;
  }
}

export const RULES_FILE = resolve(import.meta.dirname, '..', '..', 'firestore.rules');
const CI = process.env.CI === 'true' || process.env.CI === '1';

export default async function setup(project: TestProject) {
  try {
    checkEmulatorPrerequisites();
  } catch (error) {
    if (CI || !(error instanceof EmulatorPrerequisiteError)) throw error;
    project.provide('emulators', {
      projectId: '',
      authHost: '',
      firestoreHost: '',
      ready: '',
      unavailable: error.message,
    });
    return;
  }
  const [authPort, firestorePort] = [await findFreePort(), await findFreePort()];
  const projectId = DEFAULT_PROJECT_ID;
  const started = startEmulators({ projectId, rulesFile: RULES_FILE, authPort, firestorePort });
  const readiness = await serveReadiness(
    'emulators',
    started.then(() => true),
  );
  project.provide('emulators', {
    projectId,
    authHost: `127.0.0.1:${authPort}`,
    firestoreHost: `127.0.0.1:${firestorePort}`,
    ready: readiness.url,
    unavailable: null,
  });
  return async () => {
    await readiness.close();
    await (await started.catch(() => null))?.stop();
  };
}
