// @vitest-environment node
// The seed catalog: the facts the shop is built on (docs/requirements.md#data), valid documents, and images that exist,
// are tidy SVGs and are exactly what scripts/generate-images.ts draws (so nobody edits one without the other).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { is } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { catalog, productArt } from '../../seed/seedCatalog';
import { IMAGES_DIR, renderAll } from '../../scripts/generate-images';
import { CategoryStruct } from '../../src/domain';

const products = catalog.flatMap((category) => category.products);
const byId = new Map(products.map((product) => [product.id, product]));

describe('seed catalog', () => {
  it('has the five categories in display order, with id = name and pt-BR display names', () => {
    expect(catalog.map((c) => [c.id, c.name, c.displayName])).toEqual([
      ['jackets', 'jackets', 'Jaquetas'],
      ['sneakers', 'sneakers', 'Tênis'],
      ['male', 'male', 'Masculino'],
      ['female', 'female', 'Feminino'],
      ['hats', 'hats', 'Chapéus'],
    ]);
  });

  it('has valid category documents with 7–8 products each and unique kebab-case product ids', () => {
    for (const category of catalog) {
      expect(is(category, CategoryStruct), category.id).toBe(true);
      expect(category.products.length).toBeGreaterThanOrEqual(7);
      expect(category.products.length).toBeLessThanOrEqual(8);
    }
    expect(new Set(products.map((p) => p.id)).size).toBe(products.length);
    for (const product of products) expect(product.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('keeps the original shop’s prices and adds some with centavos', () => {
    const price = (id: string) => byId.get(id)?.price;
    expect(price('jaqueta-couro-preta')).toBe(500);
    expect(price('blazer-bege')).toBe(400);
    expect(price('calca-jeans')).toBe(300);
    expect(price('camiseta-branca')).toBe(100);
    expect(price('vestido-vermelho')).toBe(250);
    expect(price('sueter-branco')).toBe(150);
    expect(price('chapeu-meia-noite')).toBe(110);
    expect(price('gorro-vermelho')).toBe(90);
    expect(price('bone-branco')).toBe(60);
    expect(price('bone-aba-reta-preto')).toBe(89.9);
    const sneakers = catalog.find((c) => c.id === 'sneakers')?.products ?? [];
    for (const sneaker of sneakers) {
      expect(sneaker.price).toBeGreaterThanOrEqual(200);
      expect(sneaker.price).toBeLessThanOrEqual(1500);
    }
    expect(products.filter((p) => !Number.isInteger(p.price)).length).toBeGreaterThanOrEqual(10);
    expect(products.filter((p) => Number.isInteger(p.price)).length).toBeGreaterThanOrEqual(10);
  });

  it('points every image at a root-relative /images/*.svg that exists in seed/images', () => {
    const urls = [...catalog.map((c) => c.imageUrl), ...products.map((p) => p.imageUrl)];
    for (const url of urls) {
      expect(url).toMatch(/^\/images\/[a-z0-9-]+\.svg$/);
      expect(existsSync(join(IMAGES_DIR, url.slice('/images/'.length))), url).toBe(true);
    }
    expect(productArt.size).toBe(products.length);
  });

  it('ships small SVGs with explicit width, height, viewBox and an accessible name', () => {
    for (const file of readdirSync(IMAGES_DIR).filter((f) => f.endsWith('.svg'))) {
      const svg = readFileSync(join(IMAGES_DIR, file), 'utf8');
      expect(svg, file).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+" role="img" aria-label="[^"]+"/,
      );
      expect(Buffer.byteLength(svg), file).toBeLessThan(2_000);
    }
  });

  it('has committed images that match scripts/generate-images.ts (run `npm run images` after editing)', () => {
    const expected = renderAll();
    const onDisk = readdirSync(IMAGES_DIR)
      .filter((f) => f.endsWith('.svg'))
      .sort();
    expect(onDisk).toEqual([...expected.keys()].sort());
    for (const [file, svg] of expected) expect(readFileSync(join(IMAGES_DIR, file), 'utf8'), file).toBe(svg);
  });
});
