import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { GENERATED_KINDS, generateCatalog, generatedStock } from '../../scripts/lib/generatedCatalog';
import { CategoryStruct } from '../../src/domain';

const ROOT = join(import.meta.dirname, '..', '..');

describe('the generated catalog (npm run seed -- --products <count>)', () => {
  it('the same size and seed give the same catalog; another seed another one', () => {
    const first = generateCatalog({ products: 2_000 });
    expect(generateCatalog({ products: 2_000 })).toEqual(first);
    const other = generateCatalog({ products: 2_000, seed: 7 });
    expect(other.map((c) => c.id)).toEqual(first.map((c) => c.id));
    expect(other.flatMap((c) => c.products.map((p) => p.name))).not.toEqual(
      first.flatMap((c) => c.products.map((p) => p.name)),
    );
  });

  it('does not depend on what the shared faker drew before', async () => {
    const { faker } = await import('@faker-js/faker');
    const before = generateCatalog({ products: 100 });
    faker.seed(99);
    faker.number.int();
    expect(generateCatalog({ products: 100 })).toEqual(before);
  });

  it('spreads the products over 20 categories, the first ones taking the remainder', () => {
    const categories = generateCatalog({ products: 1_005 });
    expect(categories).toHaveLength(20);
    expect(categories.map((c) => c.products.length)).toEqual([...Array(5).fill(51), ...Array(15).fill(50)]);
    expect(generateCatalog({ products: 0 }).every((c) => c.products.length === 0)).toBe(true);
  });

  it('every category and product is valid, ids are unique, prices are in reais with centavos, images exist', () => {
    const categories = generateCatalog({ products: 4_000 });
    const ids = new Set<string>();
    const images = new Set<string>();
    for (const category of categories) {
      expect(is(category, CategoryStruct), category.id).toBe(true);
      expect(existsSync(join(ROOT, 'seed', category.imageUrl.replace(/^\/images\//, 'images/')))).toBe(true);
      for (const product of category.products) {
        expect(ids.has(product.id), product.id).toBe(false);
        ids.add(product.id);
        expect(product.id.startsWith(`${category.id}-`)).toBe(true);
        // Two decimals at most: 89, 89.5, 89.9, 89.99.
        expect(String(product.price)).toMatch(/^\d+(\.\d{1,2})?$/);
        images.add(product.imageUrl);
      }
    }
    expect(ids.size).toBe(4_000);
    for (const url of images)
      expect(existsSync(join(ROOT, 'seed', url.replace(/^\/images\//, 'images/'))), url).toBe(true);
    expect(images.size).toBeGreaterThan(30);
  });

  it('names are pt-BR clothing: the garment, its material, a colour agreeing with it; prices within the category range', () => {
    const categories = generateCatalog({ products: 2_000 });
    const hats = categories.find((c) => c.id === 'chapeus')!;
    expect(hats.displayName).toBe('Chapéus');
    for (const product of hats.products)
      expect(product.name).toMatch(
        /^(Chapéu Panamá|Chapéu Bucket|Chapéu Fedora|Boina) de (Palha|Feltro|Lã|Algodão) \S+$/,
      );
    // "Boina" is feminine, "Chapéu" masculine.
    expect(hats.products.some((p) => /^Boina .* Preto$/.test(p.name) || /^Chapéu .* Preta$/.test(p.name))).toBe(false);
    const tees = categories.find((c) => c.id === 'camisetas')!;
    for (const product of tees.products) {
      expect(product.price).toBeGreaterThanOrEqual(39);
      expect(product.price).toBeLessThan(150);
      expect(product.description).toMatch(/ na cor [a-z-]+\. /);
    }
  });

  it('ids sort in position order within a category (zero-padded)', () => {
    const category = generateCatalog({ products: 20_000 })[0]!;
    const ids = category.products.map((p) => p.id);
    expect(ids[0]).toBe(`${GENERATED_KINDS[0]!.id}-0001`);
    expect([...ids].sort()).toEqual(ids);
  });

  it('stock: every product has a whole number of units, the same for the same catalog; a few sold out and low', () => {
    const categories = generateCatalog({ products: 1_000 });
    const stock = generatedStock(categories);
    expect(generatedStock(generateCatalog({ products: 1_000 }))).toEqual(stock);
    const ids = categories.flatMap((category) => category.products.map((product) => product.id));
    expect(Object.keys(stock).sort()).toEqual([...ids].sort());
    const units = Object.values(stock);
    expect(units.every((value) => Number.isInteger(value) && value >= 0 && value <= 40)).toBe(true);
    // The first product sold out and the second low, whatever the size.
    expect([stock[ids[0]!], stock[ids[1]!]]).toEqual([0, 2]);
    expect(generatedStock(generateCatalog({ products: 2 }))).toEqual({ 'camisetas-1': 0, 'camisas-1': 2 });
    // About 4 % sold out and 8 % with 1 to 3 units left: a few of each in a thousand.
    expect(units.filter((value) => value === 0).length).toBeGreaterThan(10);
    expect(units.filter((value) => value >= 1 && value <= 3).length).toBeGreaterThan(30);
    expect(units.filter((value) => value >= 4 && value <= 7)).toEqual([]);
  });

  it('adding stock left the products as they were: names and prices are drawn as before', () => {
    const categories = generateCatalog({ products: 3 });
    generatedStock(categories);
    expect(generateCatalog({ products: 3 })).toEqual(categories);
  });
});
