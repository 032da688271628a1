// @vitest-environment node
// seedCatalog against the real Firestore emulator (the run's shared one): what lands in the database (the
// categories and the products collection), --if-empty idempotence, a forced reseed that replaces everything,
// and `npm run seed` itself: as a process for its wiring (a first seed, a refused argument), in-process for the rest.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assert } from 'superstruct';
import { catalog } from '../../seed/seedCatalog';
import { seedStock } from '../../seed/seedStock';
import { CATEGORIES_COLLECTION, PRODUCTS_COLLECTION, runSeedCommand, seedCatalog } from '../../scripts/seed';
import { CategoryStruct } from '../../src/domain';
import { ProductDocumentStruct } from '../../src/domain/productDocuments';
import { emulatorsUnavailable, useAdminFirestore, useEmulators } from '../contracts/support/emulatorData';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

const emulators = useEmulators();
/** firebase-admin on the run's emulator; the database is cleared before each test. */
const db = useAdminFirestore(emulators);

const emulatorEnv = () => ({
  ...process.env,
  FIRESTORE_EMULATOR_HOST: emulators().firestoreHost,
  GCLOUD_PROJECT: emulators().projectId,
});

/** `npm run seed -- <args>` as a process against the test's emulator: its exit code and output. */
async function seedProcess(args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/seed.ts', ...args],
      { cwd: ROOT, env: emulatorEnv(), timeout: 60_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

/**
 * The same command in this process (runSeedCommand, which the script runs with the process's arguments): the
 * cases past the process's wiring, without a Node start and a compile of firebase-admin each.
 */
async function seedCommand(args: string[]) {
  const lines: string[] = [];
  const collect = (line: string) => void lines.push(line);
  const code = await runSeedCommand(args, emulatorEnv(), { log: collect, error: collect });
  return { code, output: lines.join('\n') };
}

async function storedCategories() {
  const snapshot = await db().collection(CATEGORIES_COLLECTION).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

async function storedProducts() {
  const snapshot = await db().collection(PRODUCTS_COLLECTION).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.data()]));
}

const productCount = async () => (await db().collection(PRODUCTS_COLLECTION).count().get()).data().count;

describe.skipIf(emulatorsUnavailable())('seedCatalog (Firestore emulator)', () => {
  it('writes one document per category, keyed by category id: the catalog whole, its display order and its count', async () => {
    const result = await seedCatalog(db());
    expect(result).toEqual({ status: 'seeded', existing: 0, categories: 5, products: 40 });
    const stored = await storedCategories();
    expect([...stored.keys()].sort()).toEqual(['female', 'hats', 'jackets', 'male', 'sneakers']);
    catalog.forEach((category, index) => {
      const { order, productCount, ...categoryFields } = stored.get(category.id)!;
      // Every shop category has at most 24 products: its preview is its whole list, exactly the category of
      // docs/requirements.md#data.
      assert(categoryFields, CategoryStruct);
      expect(categoryFields).toEqual(category);
      expect({ order, productCount }).toEqual({ order: index, productCount: category.products.length });
    });
  });

  it('writes one products document per product, keyed by its id, with its category, position and search name', async () => {
    await seedCatalog(db());
    const stored = await storedProducts();
    expect(stored.size).toBe(40);
    for (const category of catalog) {
      category.products.forEach((product, position) => {
        const doc = stored.get(product.id);
        assert(doc, ProductDocumentStruct);
        const { categoryId, position: storedPosition, searchName, stock, ...rest } = doc;
        expect(rest).toEqual(product);
        expect(stock).toBe(seedStock[product.id]);
        expect({ categoryId, position: storedPosition }).toEqual({ categoryId: category.id, position });
        // Lowercase, accents gone, one letter for one letter.
        expect(searchName).toMatch(/^[a-z0-9 -]+$/);
        expect(searchName).toHaveLength(product.name.length);
      });
    }
    expect(stored.get('tenis-retro-verde')?.searchName).toBe('tenis retro verde');
    expect(stored.get('cardigan-rosa')?.searchName).toBe('cardiga rosa');
    expect(stored.get('chapeu-panama-palha')?.searchName).toBe('chapeu panama de palha');
  });

  it('writes each product’s units to products/{id}.stock only: one hat sold out, one with 2 left, the others 8 to 40', async () => {
    await seedCatalog(db());
    const stored = await storedProducts();
    expect(stored.get('chapeu-bucket-verde')?.stock).toBe(0);
    expect(stored.get('boina-la-marrom')?.stock).toBe(2);
    expect(stored.get('jaqueta-couro-preta')?.stock).toBe(32);
    const others = [...stored.entries()].filter(([id]) => id !== 'chapeu-bucket-verde' && id !== 'boina-la-marrom');
    expect(others).toHaveLength(38);
    for (const [id, doc] of others) {
      expect(Number.isInteger(doc.stock), id).toBe(true);
      expect(doc.stock, id).toBeGreaterThanOrEqual(8);
      expect(doc.stock, id).toBeLessThanOrEqual(40);
    }
    // A category's inline products never carry a stock (a copy there would go stale with every sale).
    for (const category of (await storedCategories()).values())
      for (const product of category.products as object[]) expect(product).not.toHaveProperty('stock');
  });

  it("pages a category out of the products collection in the category's own order (the categoryId + position query)", async () => {
    await seedCatalog(db());
    const snapshot = await db()
      .collection(PRODUCTS_COLLECTION)
      .where('categoryId', '==', 'male')
      .orderBy('position')
      .startAfter(2)
      .limit(3)
      .get();
    expect(snapshot.docs.map((doc) => doc.id)).toEqual(
      catalog
        .find((c) => c.id === 'male')!
        .products.slice(3, 6)
        .map((p) => p.id),
    );
  });

  it('with ifEmpty, seeds an empty collection once and then leaves it alone', async () => {
    expect((await seedCatalog(db(), { ifEmpty: true })).status).toBe('seeded');
    await db().collection(CATEGORIES_COLLECTION).doc('hats').update({ displayName: 'Bonés e Chapéus' });

    const second = await seedCatalog(db(), { ifEmpty: true });
    expect(second).toEqual({ status: 'skipped', existing: 5, categories: 0, products: 0 });
    expect((await storedCategories()).get('hats')?.displayName).toBe('Bonés e Chapéus');
  });

  it('with ifEmpty, seeds a catalog that has its categories but no products collection yet', async () => {
    await db().collection(CATEGORIES_COLLECTION).doc('jackets').set(catalog[0]!);
    const result = await seedCatalog(db(), { ifEmpty: true });
    expect(result).toEqual({ status: 'seeded', existing: 1, categories: 5, products: 40 });
    expect(await productCount()).toBe(40);
  });

  it('without ifEmpty, replaces the catalog: edits undone, strays removed, products of removed categories deleted', async () => {
    await seedCatalog(db());
    await db().collection(CATEGORIES_COLLECTION).doc('hats').update({ displayName: 'Bonés e Chapéus' });
    await db().collection(CATEGORIES_COLLECTION).doc('old-sale').set({ id: 'old-sale', name: 'old-sale' });
    await db()
      .collection(PRODUCTS_COLLECTION)
      .doc('promo-1')
      .set({ id: 'promo-1', categoryId: 'old-sale', position: 0 });
    await db().collection(PRODUCTS_COLLECTION).doc('bone-branco').update({ price: 1 });

    const result = await seedCatalog(db(), { ifEmpty: false });
    expect(result).toMatchObject({ status: 'seeded', existing: 6 });
    const stored = await storedCategories();
    expect(stored.has('old-sale')).toBe(false);
    expect(stored.get('hats')?.displayName).toBe('Chapéus');
    expect(stored.size).toBe(5);
    const products = await storedProducts();
    expect(products.has('promo-1')).toBe(false);
    expect(products.get('bone-branco')?.price).toBe(60);
    expect(products.size).toBe(40);
  });

  it('refuses a catalog that lists one product in two categories, before writing anything', async () => {
    const [first, second] = catalog;
    const twice = [first!, { ...second!, products: [...second!.products, first!.products[0]!] }];
    await expect(seedCatalog(db(), { categories: twice })).rejects.toThrow(
      `product "${first!.products[0]!.id}" is listed twice`,
    );
    expect(await productCount()).toBe(0);
  });

  it('finds categories by their id field, as the storefront queries them (docs/requirements.md#calls)', async () => {
    await seedCatalog(db());
    const snapshot = await db().collection(CATEGORIES_COLLECTION).where('id', '==', 'sneakers').get();
    expect(snapshot.size).toBe(1);
    expect(snapshot.docs[0]?.get('displayName')).toBe('Tênis');
  });

  it('npm run seed: seeds an empty emulator; the command then refuses to overwrite without --force, and replaces with it', async () => {
    const first = await seedProcess([]);
    expect(first).toMatchObject({ code: 0 });
    expect(first.output).toContain(
      `wrote 5 categories (40 products) to the Firestore emulator at ${emulators().firestoreHost}`,
    );

    await db().collection(CATEGORIES_COLLECTION).doc('hats').update({ displayName: 'Bonés' });
    const refused = await seedCommand([]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already has 5 categories');
    expect(refused.output).toContain('--force');
    expect((await storedCategories()).get('hats')?.displayName).toBe('Bonés');

    const forced = await seedCommand(['--force']);
    expect(forced.code).toBe(0);
    expect((await storedCategories()).get('hats')?.displayName).toBe('Chapéus');
  }, 120_000);

  it('the seed command with --products: a generated catalog of 20 categories with previews and counts, replaced by --force', async () => {
    const generated = await seedCommand(['--products', '2010']);
    expect(generated).toMatchObject({ code: 0 });
    expect(generated.output).toMatch(
      /wrote 20 categories \(2010 products\) to the Firestore emulator at .+ in \d+\.\d s \(\d+ products\/s\)/,
    );
    expect(await productCount()).toBe(2010);
    // Every generated product has its units: the first sold out, the second with its last 2, a few more of each.
    const units = (await db().collection(PRODUCTS_COLLECTION).select('stock').get()).docs.map(
      (doc) => doc.get('stock') as unknown,
    );
    expect(units.every((value) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 40)).toBe(
      true,
    );
    expect((await db().collection(PRODUCTS_COLLECTION).doc('camisetas-001').get()).get('stock')).toBe(0);
    expect((await db().collection(PRODUCTS_COLLECTION).doc('camisetas-002').get()).get('stock')).toBe(2);
    expect(units.filter((value) => value === 0).length).toBeGreaterThan(20);
    expect(units.filter((value) => (value as number) >= 1 && (value as number) <= 3).length).toBeGreaterThan(40);

    const categories = await storedCategories();
    expect(categories.size).toBe(20);
    const counts = [...categories.values()].map((category) => category.productCount as number);
    // 2010 over 20: the first ten categories get one more.
    expect(counts.sort((a, b) => a - b)).toEqual([...Array(10).fill(100), ...Array(10).fill(101)]);
    for (const [id, category] of categories) {
      const { order: _order, productCount: _count, ...categoryFields } = category;
      assert(categoryFields, CategoryStruct);
      // The preview is the category's first 24 products by position, as the products collection has them.
      const first = await db()
        .collection(PRODUCTS_COLLECTION)
        .where('categoryId', '==', id)
        .orderBy('position')
        .limit(24)
        .get();
      expect(categoryFields.products).toEqual(
        first.docs.map((doc) => {
          const { categoryId: _c, position: _p, searchName: _s, stock: _units, ...product } = doc.data();
          return product;
        }),
      );
    }

    // Back to the shop: the generated products go, with their categories.
    const shop = await seedCommand(['--force']);
    expect(shop.code).toBe(0);
    expect(await productCount()).toBe(40);
    expect([...(await storedCategories()).keys()].sort()).toEqual(['female', 'hats', 'jackets', 'male', 'sneakers']);
  }, 180_000);

  it('npm run seed with a bad argument: refused with the usage, nothing written (the cases: test/scripts/seedArguments.test.ts)', async () => {
    const refused = await seedProcess(['--products', 'muitos']);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain('--products takes a whole number from 1 to 1000000, not "muitos"');
    expect(refused.output).toContain('usage: npm run seed');
    expect(refused.output).toContain('--products <count>');
    expect(await productCount()).toBe(0);
    expect((await storedCategories()).size).toBe(0);
  }, 60_000);
});
