// Where the build reads the catalog it prerenders: the same Firestore the shop reads.
//   - FIRESTORE_EMULATOR_HOST set → that emulator (npm start and the tests pass theirs);
//   - GOOGLE_APPLICATION_CREDENTIALS set → the real project GCLOUD_PROJECT (production builds);
//   - neither → the local emulator of `npm start` on 127.0.0.1:8080 when it runs, else a Firestore emulator
//     started just for this build and seeded with seed/catalog.ts (a fresh machine builds offline).
import { createAdminCatalog } from '../../server/adapters/adminCatalog';
import type { CatalogPort } from '../../src/adapters/catalog/port';
import { seedCatalog } from '../seed';
import { startEmulators } from './emulators';
import { describeTarget, openFirestore, targetFromEnv, type FirestoreTarget } from './firestoreAdmin';

async function answers(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_500) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

export async function withBuildCatalog<T>(work: (catalog: CatalogPort, source: string) => Promise<T>): Promise<T> {
  const explicit = Boolean(process.env.FIRESTORE_EMULATOR_HOST || process.env.GOOGLE_APPLICATION_CREDENTIALS);
  let target: FirestoreTarget = targetFromEnv();
  let stopEmulator: (() => Promise<void>) | null = null;
  if (!explicit && target.kind === 'emulator' && !(await answers(target.host))) {
    const emulators = await startEmulators({ projectId: target.projectId, only: ['firestore'] });
    stopEmulator = () => emulators.stop();
    target = { kind: 'emulator', projectId: target.projectId, host: emulators.firestoreHost };
  }
  const admin = openFirestore(target);
  try {
    if (stopEmulator) await seedCatalog(admin.db, { ifEmpty: true });
    const source = stopEmulator ? `${describeTarget(target)}, started and seeded for this build` : describeTarget(target);
    return await work(createAdminCatalog({ firestore: admin.db }), source);
  } finally {
    await Promise.race([admin.close(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    await stopEmulator?.();
  }
}
