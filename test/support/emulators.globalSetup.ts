// The "emulators" vitest project's global setup: ONE Auth + Firestore emulator pair (firestore.rules loaded)
// for the whole run, its addresses handed to the test files with provide/inject. Files clear the data
// between suites (test/contracts/support/emulators.ts). Locally a machine without gcloud/Java gets
// `unavailable` and the files skip with the reason; under CI=true the same situation fails the run.
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { checkEmulatorPrerequisites, EmulatorPrerequisiteError, startEmulators } from '../../scripts/lib/emulators';

export interface ProvidedEmulators {
  projectId: string;
  /** "127.0.0.1:<port>" ("" when unavailable). */
  authHost: string;
  firestoreHost: string;
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
    project.provide('emulators', { projectId: '', authHost: '', firestoreHost: '', unavailable: error.message });
    return;
  }
  const emulators = await startEmulators({ rulesFile: RULES_FILE });
  const { projectId, authHost, firestoreHost } = emulators;
  project.provide('emulators', { projectId, authHost, firestoreHost, unavailable: null });
  return () => emulators.stop();
}
