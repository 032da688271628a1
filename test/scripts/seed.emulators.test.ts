// @vitest-environment node
// seedCatalog against the real Firestore emulator (the run's shared one): what lands in the database,
// --if-empty idempotence, and a forced reseed that replaces everything.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import type { Firestore } from 'firebase-admin/firestore';
import { catalog } from '../../seed/catalog';
import { openFirestore, type AdminFirestore } from '../../scripts/lib/firestoreAdmin';
import { CATEGORIES_COLLECTION, seedCatalog } from '../../scripts/seed';
import { CategoryStruct } from '../../src/domain';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulators';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

const emulators = useEmulators();
let admin: AdminFirestore | undefined;
/** firebase-admin on the run's emulator, opened on first use. */
function db(): Firestore {
  admin ??= openFirestore({ kind: 'emulator', projectId: emulators().projectId, host: emulators().firestoreHost });
  return admin.db;
}
afterAll(async () => {
  await admin?.close();
});
beforeEach(async () => {
  await emulators().clearFirestore();
});

/** `npm run seed -- <args>` against the test's emulator; resolves with the exit code and output. */
async function seedCli(args: string[]) {
  const env = { ...process.env, FIRESTORE_EMULATOR_HOST: emulators().firestoreHost, GCLOUD_PROJECT: emulators().projectId };
  try {
    const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed.ts', ...args], { cwd: ROOT, env, timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

async function storedCategories() {
  const snapshot = await db().collection(CATEGORIES_COLLECTION).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

describe.skipIf(emulatorsUnavailable())('seedCatalog (Firestore emulator)', () => {
  it('writes one document per category, keyed by category id, exactly the catalog', async () => {
    const result = await seedCatalog(db());
    expect(result).toEqual({ status: 'seeded', existing: 0, categories: 5, products: 40 });
    const stored = await storedCategories();
    expect([...stored.keys()].sort()).toEqual(['female', 'hats', 'jackets', 'male', 'sneakers']);
    for (const category of catalog) {
      const doc = stored.get(category.id);
      assert(doc, CategoryStruct);
      expect(doc).toEqual(category);
    }
  });

  it('with ifEmpty, seeds an empty collection once and then leaves it alone', async () => {
    expect((await seedCatalog(db(), { ifEmpty: true })).status).toBe('seeded');
    await db().collection(CATEGORIES_COLLECTION).doc('hats').update({ displayName: 'Bonés e Chapéus' });

    const second = await seedCatalog(db(), { ifEmpty: true });
    expect(second).toEqual({ status: 'skipped', existing: 5, categories: 0, products: 0 });
    expect((await storedCategories()).get('hats')?.displayName).toBe('Bonés e Chapéus');
  });

  it('without ifEmpty, replaces the collection: edits undone, strays removed', async () => {
    await seedCatalog(db());
    await db().collection(CATEGORIES_COLLECTION).doc('hats').update({ displayName: 'Bonés e Chapéus' });
    await db().collection(CATEGORIES_COLLECTION).doc('old-sale').set({ id: 'old-sale', name: 'old-sale' });

    const result = await seedCatalog(db(), { ifEmpty: false });
    expect(result).toMatchObject({ status: 'seeded', existing: 6 });
    const stored = await storedCategories();
    expect(stored.has('old-sale')).toBe(false);
    expect(stored.get('hats')?.displayName).toBe('Chapéus');
    expect(stored.size).toBe(5);
  });

  it('finds categories by their id field, as the storefront queries them (SPEC §7)', async () => {
    await seedCatalog(db());
    const snapshot = await db().collection(CATEGORIES_COLLECTION).where('id', '==', 'sneakers').get();
    expect(snapshot.size).toBe(1);
    expect(snapshot.docs[0]?.get('displayName')).toBe('Tênis');
  });

  it('npm run seed: seeds an empty emulator, refuses to overwrite without --force, replaces with it', async () => {
    const first = await seedCli([]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain(`wrote 5 categories (40 products) to the Firestore emulator at ${emulators().firestoreHost}`);

    await db().collection(CATEGORIES_COLLECTION).doc('hats').update({ displayName: 'Bonés' });
    const refused = await seedCli([]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already has 5 categories');
    expect(refused.output).toContain('--force');
    expect((await storedCategories()).get('hats')?.displayName).toBe('Bonés');

    const forced = await seedCli(['--force']);
    expect(forced.code).toBe(0);
    expect((await storedCategories()).get('hats')?.displayName).toBe('Chapéus');
  }, 120_000);
});
