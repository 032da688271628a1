// `npm run seed [-- --if-empty | --force] [-- --products <count>]`: writes the catalog to Firestore: one
// `categories` document per category (document id = category id; the fields of docs/requirements.md#data with the first
// CATEGORY_PREVIEW_LIMIT products, plus `order` and `productCount`) and one `products` document per product
// (docs/adapters.md, "Catalog at scale"), with its units in stock (`stock`, docs/requirements.md#stock). Target: FIRESTORE_EMULATOR_HOST, else a real project with
// GOOGLE_APPLICATION_CREDENTIALS + GCLOUD_PROJECT, else the local emulator on 127.0.0.1:8080.
import type { BulkWriter, Firestore } from 'firebase-admin/firestore';
import type { Category } from '../src/domain';
import { categoryDocumentOf, productDocumentsOf } from '../src/domain/productDocuments';
import { catalog } from '../seed/seedCatalog';
import { seedStock } from '../seed/seedStock';
import { runScript } from './lib/cli';
import { describeTarget, openFirestore, targetFromEnv } from './lib/firestoreAdmin';

export const CATEGORIES_COLLECTION = 'categories';
export const PRODUCTS_COLLECTION = 'products';

/** The most products `--products` takes (a generated catalog is held in memory while it is written). */
export const MAX_GENERATED_PRODUCTS = 1_000_000;

const USAGE = `usage: npm run seed [-- --if-empty | --force] [-- --products <count>]
  (neither)           seed an empty catalog; refuse to touch a non-empty one
  --if-empty          seed only when there are no categories or no products (what \`npm start\` does)
  --force             replace the catalog: categories and products not in it are deleted
  --products <count>  instead of seed/seedCatalog.ts, a generated catalog of 20 categories and <count> products
                      (seeded faker: the same count gives the same catalog and stock), written with a BulkWriter`;

export interface SeedResult {
  status: 'seeded' | 'skipped';
  /** Category documents before seeding. */
  existing: number;
  categories: number;
  products: number;
}

export interface SeedOptions {
  ifEmpty?: boolean;
  categories?: readonly Category[];
  /**
   * Units per product id, written to `products/{id}.stock` (never to a category's inline products); a product not
   * named is untracked. Defaults to seed/seedStock.ts with the shop's own catalog, to none with another.
   */
  stock?: Readonly<Record<string, number>>;
  /**
   * Ramp writes up from 500/s as Firestore asks of a new collection (BulkWriter's default). Off for the
   * emulator, which has no such limit.
   */
  throttle?: boolean;
}

/**
 * Seeds `categories` and `products`. With `ifEmpty`, a catalog that has categories and products is left alone
 * (one with categories only predates the products collection and is seeded); otherwise it
 * is replaced: products not in the catalog are deleted (those of removed categories among them), every product
 * is written anew with a BulkWriter, then the categories in one batch, so a category never previews a
 * product that is not there yet.
 */
export async function seedCatalog(
  db: Firestore,
  {
    ifEmpty = false,
    categories = catalog,
    stock = categories === catalog ? seedStock : {},
    throttle = true,
  }: SeedOptions = {},
): Promise<SeedResult> {
  const categoryCollection = db.collection(CATEGORIES_COLLECTION);
  const productCollection = db.collection(PRODUCTS_COLLECTION);
  const existing = await categoryCollection.select().get();
  // Categories without products are a catalog seeded before the products collection: it gets them.
  if (ifEmpty && !existing.empty && !(await productCollection.select().limit(1).get()).empty) {
    return { status: 'skipped', existing: existing.size, categories: 0, products: 0 };
  }
  const products = categories.flatMap(productDocumentsOf);
  const keepProducts = new Set<string>();
  for (const product of products) {
    if (keepProducts.has(product.id))
      throw new Error(`product "${product.id}" is listed twice: a product belongs to one category`);
    keepProducts.add(product.id);
  }

  const strays = (await productCollection.select().get()).docs.filter((doc) => !keepProducts.has(doc.id));
  await bulkWrite(db, throttle, (writer, track) => {
    for (const doc of strays) track(writer.delete(doc.ref));
    for (const product of products) {
      const units = stock[product.id];
      track(
        writer.set(productCollection.doc(product.id), units === undefined ? product : { ...product, stock: units }),
      );
    }
  });

  const batch = db.batch();
  const keepCategories = new Set(categories.map((category) => category.id));
  for (const doc of existing.docs) if (!keepCategories.has(doc.id)) batch.delete(doc.ref);
  categories.forEach((category, order) =>
    batch.set(categoryCollection.doc(category.id), { ...categoryDocumentOf(category), order }),
  );
  await batch.commit();
  return { status: 'seeded', existing: existing.size, categories: categories.length, products: products.length };
}

/** Runs `queue` on a BulkWriter, waits for every write, and throws the first that failed (after its retries). */
async function bulkWrite(
  db: Firestore,
  throttle: boolean,
  queue: (writer: BulkWriter, track: (write: Promise<unknown>) => void) => void,
): Promise<void> {
  const writer = db.bulkWriter(throttle ? {} : { throttling: false });
  let failure: unknown = null;
  let failed = 0;
  const track = (write: Promise<unknown>) => {
    write.catch((error: unknown) => {
      failed++;
      failure ??= error;
    });
  };
  queue(writer, track);
  await writer.close();
  if (failure)
    throw new Error(
      `${failed} product writes failed; the first: ${failure instanceof Error ? failure.message : String(failure)}`,
      { cause: failure },
    );
}

export interface SeedArguments {
  ifEmpty: boolean;
  force: boolean;
  products: number | null;
}

/** The command line, or why it is refused. */
export function parseSeedArguments(argv: readonly string[]): SeedArguments | string {
  const parsed: SeedArguments = { ifEmpty: false, force: false, products: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--if-empty') parsed.ifEmpty = true;
    else if (arg === '--force') parsed.force = true;
    else if (arg === '--products' || arg.startsWith('--products=')) {
      const value = arg === '--products' ? argv[++i] : arg.slice('--products='.length);
      const count = /^\d+$/.test(value ?? '') ? Number(value) : Number.NaN;
      if (!(count >= 1 && count <= MAX_GENERATED_PRODUCTS))
        return `--products takes a whole number from 1 to ${MAX_GENERATED_PRODUCTS}, not "${value ?? ''}"`;
      parsed.products = count;
    } else return `unknown argument "${arg}"`;
  }
  if (parsed.ifEmpty && parsed.force) return '--if-empty and --force cannot go together';
  return parsed;
}

/** A generated catalog and its stock. faker is a dev dependency: loaded only for one. */
async function generatedCatalogOf(products: number) {
  const { generateCatalog, generatedStock } = await import('./lib/generatedCatalog');
  const categories = generateCatalog({ products });
  return { categories, stock: generatedStock(categories) };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where `npm run seed` writes its lines: the console, or a test's collector. */
export interface SeedOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * `npm run seed -- <argv>`: seeds the Firestore that `env` names and returns the exit code. The script runs it
 * with the process's arguments, environment and console; tests run it in-process with their own.
 */
export async function runSeedCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: SeedOutput = console,
): Promise<number> {
  const args = parseSeedArguments(argv);
  if (typeof args === 'string') {
    out.error(`seed: ${args}\n${USAGE}`);
    return 2;
  }
  const started = performance.now();
  const { categories, stock } =
    args.products === null ? { categories: catalog, stock: seedStock } : await generatedCatalogOf(args.products);
  const target = targetFromEnv(env);
  const { db, close } = openFirestore(target);
  try {
    const result = await seedCatalog(db, {
      ifEmpty: !args.force,
      categories,
      stock,
      throttle: target.kind !== 'emulator',
    });
    if (result.status === 'skipped' && !args.ifEmpty) {
      out.error(
        `seed: ${describeTarget(target)} already has ${result.existing} categories. ` +
          'Run `npm run seed -- --force` to replace them, or `-- --if-empty` to leave them.',
      );
      return 1;
    }
    if (result.status === 'skipped') {
      out.log(`seed: ${describeTarget(target)} already has ${result.existing} categories; left as they are`);
      return 0;
    }
    const elapsed = performance.now() - started;
    const rate = Math.round(result.products / (elapsed / 1000));
    out.log(
      `seed: wrote ${result.categories} categories (${result.products} products) to ${describeTarget(target)} ` +
        `in ${seconds(elapsed)} (${rate} products/s)`,
    );
    return 0;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    out.error(`seed: could not write to ${describeTarget(target)}: ${detail}`);
    if (target.kind === 'emulator') out.error('seed: is the emulator running? `npm start` starts it.');
    return 1;
  } finally {
    await close();
  }
}

await runScript(import.meta.url, 'seed', async () => {
  process.exitCode = await runSeedCommand(process.argv.slice(2));
});
