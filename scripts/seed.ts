// `npm run seed [-- --if-empty | --force]`: writes the catalog of seed/catalog.ts to Firestore, one document
// per category with document id = category id. Target: FIRESTORE_EMULATOR_HOST, else a real project with
// GOOGLE_APPLICATION_CREDENTIALS + GCLOUD_PROJECT, else the local emulator on 127.0.0.1:8080.
//   --if-empty  seed only when the collection is empty (what `npm start` does)
//   --force     replace the whole collection with the catalog
//   (neither)   seed an empty collection, refuse to touch a non-empty one
import type { Firestore } from 'firebase-admin/firestore';
import type { Category } from '../src/domain';
import { catalog } from '../seed/catalog';
import { runScript } from './lib/cli';
import { describeTarget, openFirestore, targetFromEnv } from './lib/firestoreAdmin';

export const CATEGORIES_COLLECTION = 'categories';

export interface SeedResult {
  status: 'seeded' | 'skipped';
  /** Documents in the collection before seeding. */
  existing: number;
  categories: number;
  products: number;
}

/**
 * Seeds `categories`. With `ifEmpty`, an existing non-empty collection is left alone; otherwise it is
 * replaced: documents not in the catalog are deleted and every category is written anew, in one batch.
 */
export async function seedCatalog(
  db: Firestore,
  { ifEmpty = false, categories = catalog }: { ifEmpty?: boolean; categories?: readonly Category[] } = {},
): Promise<SeedResult> {
  const collection = db.collection(CATEGORIES_COLLECTION);
  const existing = await collection.select().get();
  if (ifEmpty && !existing.empty) {
    return { status: 'skipped', existing: existing.size, categories: 0, products: 0 };
  }
  const batch = db.batch();
  const keep = new Set(categories.map((category) => category.id));
  for (const doc of existing.docs) if (!keep.has(doc.id)) batch.delete(doc.ref);
  for (const category of categories) batch.set(collection.doc(category.id), category);
  await batch.commit();
  return {
    status: 'seeded',
    existing: existing.size,
    categories: categories.length,
    products: categories.reduce((sum, category) => sum + category.products.length, 0),
  };
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--if-empty' && arg !== '--force');
  if (unknown.length > 0 || (argv.includes('--if-empty') && argv.includes('--force'))) {
    console.error('usage: npm run seed [-- --if-empty | --force]');
    return 2;
  }
  const target = targetFromEnv();
  const { db, close } = openFirestore(target);
  try {
    const result = await seedCatalog(db, { ifEmpty: !argv.includes('--force') });
    if (result.status === 'skipped' && !argv.includes('--if-empty')) {
      console.error(
        `seed: ${describeTarget(target)} already has ${result.existing} categories. ` +
          'Run `npm run seed -- --force` to replace them, or `-- --if-empty` to leave them.',
      );
      return 1;
    }
    console.log(
      result.status === 'seeded'
        ? `seed: wrote ${result.categories} categories (${result.products} products) to ${describeTarget(target)}`
        : `seed: ${describeTarget(target)} already has ${result.existing} categories; left as they are`,
    );
    return 0;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    console.error(`seed: could not write to ${describeTarget(target)}: ${detail}`);
    if (target.kind === 'emulator') console.error('seed: is the emulator running? `npm start` starts it.');
    return 1;
  } finally {
    await close();
  }
}

await runScript(import.meta.url, 'seed', async () => {
  process.exitCode = await main(process.argv.slice(2));
});
