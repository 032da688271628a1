// The run's emulators (started once by test/support/emulators.globalSetup.ts for the "emulators" vitest
// project) as seen from a test file: their addresses, and the data cleared before and after each suite
// through the emulators' own REST endpoints. Files of that project run one at a time, so a suite never
// sees another's data.
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { clearAuthData, clearFirestoreData } from '../../../scripts/lib/emulators';
import { openFirestore, type AdminFirestore } from '../../../scripts/lib/firestoreAdmin';
import { awaitReady } from '../../support/readiness';
import type { ProvidedEmulators } from '../../support/emulators.globalSetup';

export { RULES_FILE } from '../../support/emulators.globalSetup';

export interface SharedEmulators {
  projectId: string;
  /** "127.0.0.1:<port>" */
  authHost: string;
  firestoreHost: string;
  clearFirestore(): Promise<void>;
  clearAuth(): Promise<void>;
}

function provided(): ProvidedEmulators {
  const emulators = inject('emulators');
  if (!emulators)
    throw new Error(
      'No emulators were provided: name this file *.emulators.test.ts (the "emulators" project, vitest.config.ts).',
    );
  return emulators;
}

/** Why the emulators cannot run here, or null (always null under CI=true: the global setup fails instead). */
export function emulatorsUnavailable(): string | null {
  const { unavailable } = provided();
  if (unavailable) console.warn(`Skipping emulator tests (set CI=true to make this a failure): ${unavailable}`);
  return unavailable;
}

/**
 * The shared emulators, with their data cleared before and after the calling suite. Its beforeAll waits until
 * they have started (the global setup starts them in the background): call it before the suite's own hooks.
 */
export function useEmulators(): () => SharedEmulators {
  const { projectId, authHost, firestoreHost, ready, unavailable } = provided();
  const emulators: SharedEmulators = {
    projectId,
    authHost,
    firestoreHost,
    clearFirestore: () => clearFirestoreData(firestoreHost, projectId),
    clearAuth: () => clearAuthData(authHost, projectId),
  };
  const clearAll = async () => {
    await Promise.all([emulators.clearFirestore(), emulators.clearAuth()]);
  };
  beforeAll(async () => {
    if (unavailable) return; // the suite skips (emulatorsUnavailable)
    await awaitReady(ready);
    await clearAll();
  }, 300_000);
  afterAll(async () => {
    if (!unavailable) await clearAll();
  });
  return () => emulators;
}

/**
 * firebase-admin on the shared Firestore emulator, for a file that writes and reads documents as the backend and
 * the scripts do: opened on first use, closed after the file, the database cleared before each test.
 */
export function useAdminFirestore(emulators: () => SharedEmulators): () => Firestore {
  let admin: AdminFirestore | undefined;
  afterAll(async () => {
    await admin?.close();
  });
  beforeEach(async () => {
    await emulators().clearFirestore();
  });
  return () => {
    admin ??= openFirestore({ kind: 'emulator', projectId: emulators().projectId, host: emulators().firestoreHost });
    return admin.db;
  };
}
