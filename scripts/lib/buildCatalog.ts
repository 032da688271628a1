// Where the build reads the catalog it prerenders: FIRESTORE_EMULATOR_HOST's emulator, else with
// GOOGLE_APPLICATION_CREDENTIALS the real project GCLOUD_PROJECT, else `npm start`'s emulator on 127.0.0.1:8080
// when it answers, else a Firestore emulator started and seeded just for this build (a fresh machine builds offline).
import { createAdminCatalog } from '../../server/adapters/adminCatalog';
import type { CatalogPort } from '../../src/adapters/catalog/catalogPort';
import { seedCatalog } from '../seed';
import { startEmulators } from './emulators';
import { describeTarget, targetFromEnv, withFirestore } from './firestoreAdmin';

async function answers(host: string): Promise<boolean> {
  const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1_500) }).catch(() => null);
  await response?.body?.cancel();
  return response?.ok ?? false;
}

/** `env`: where the settings come from (the production build passes its own; it never writes process.env). */
export async function withBuildCatalog<T>(
  work: (catalog: CatalogPort, source: string) => Promise<T>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<T> {
  let target = targetFromEnv(env);
  const explicit = Boolean(env.FIRESTORE_EMULATOR_HOST || env.GOOGLE_APPLICATION_CREDENTIALS);
  if (explicit || target.kind !== 'emulator' || (await answers(target.host))) {
    return withFirestore(target, (db) => work(createAdminCatalog({ firestore: db }), describeTarget(target)));
  }
  const emulators = await startEmulators({ projectId: target.projectId, only: ['firestore'] });
  target = { kind: 'emulator', projectId: target.projectId, host: emulators.firestoreHost };
  try {
    return await withFirestore(target, async (db) => {
      await seedCatalog(db, { ifEmpty: true });
      return work(
        createAdminCatalog({ firestore: db }),
        `${describeTarget(target)}, started and seeded for this build`,
      );
    });
  } finally {
    await emulators.stop();
  }
}
