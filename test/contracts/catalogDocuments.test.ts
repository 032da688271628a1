// The shapes both catalog adapters and the seed share (src/domain/catalog.ts, src/adapters/catalog/catalogDocuments.ts).
import { describe, expect, it } from 'vitest';
import { isDocumentKey, readProductDocument } from '../../src/adapters/catalog/catalogDocuments';
import { CATEGORY_PREVIEW_LIMIT } from '../../src/domain';
import { categoryDocumentOf, productDocumentsOf, searchNameOf } from '../../src/domain/productDocuments';
import { aCategory, aProduct } from '../support/builders';

describe('catalog documents', () => {
  it.each([
    ['Tênis Retrô Verde', 'tenis retro verde'],
    ['Cardigã Rosa', 'cardiga rosa'],
    ['CAMISA POLO', 'camisa polo'],
    ['Calça Chino Azul-Marinho', 'calca chino azul-marinho'],
    ['Suéter de Lã Açafrão', 'sueter de la acafrao'],
    // Decomposed input (e + U+0301) ends the same as the precomposed é.
    ['Cafe\u0301', 'cafe'],
  ])('searchNameOf(%j) is %j', (name, expected) => {
    expect(searchNameOf(name)).toBe(expected);
  });

  it('a category document carries the first 24 products by list order and counts them all', () => {
    const products = Array.from({ length: 30 }, (_, i) => aProduct().withId(`p-${i}`).build());
    const category = aCategory().withId('grande').withProducts(products).build();
    const document = categoryDocumentOf(category);
    expect(CATEGORY_PREVIEW_LIMIT).toBe(24);
    expect(document.products.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => `p-${i}`));
    expect(document.productCount).toBe(30);
    expect({ ...document, products: category.products, productCount: undefined }).toEqual({
      ...category,
      productCount: undefined,
    });
  });

  it('products documents: position = index in the list, the category id, the search name', () => {
    const category = aCategory()
      .withId('chapeus')
      .withProducts([
        aProduct().withId('a').withName('Boné Branco').build(),
        aProduct().withId('b').withName('Boina').build(),
      ])
      .build();
    const [first, second] = productDocumentsOf(category);
    expect(first).toEqual({ ...category.products[0], categoryId: 'chapeus', position: 0, searchName: 'bone branco' });
    expect(second).toMatchObject({ id: 'b', categoryId: 'chapeus', position: 1, searchName: 'boina' });
  });

  it('a products document is read back as written, and refused under another key', () => {
    const written = { ...aProduct().withId('x1').build(), categoryId: 'c', position: 3, searchName: 'x' };
    expect(readProductDocument('x1', written)).toEqual(written);
    expect(() => readProductDocument('x2', written)).toThrow(/x2.*must equal the document id/);
    expect(() => readProductDocument('x1', { ...written, position: -1 })).toThrow(/position/);
  });

  it.each([
    ['a slug', 'camiseta-0001', true],
    ['empty', '', false],
    ['with a slash', 'a/b', false],
    ['a dot', '.', false],
    ['two dots', '..', false],
    ['reserved (__id__)', '__id__', false],
    ['underscored but not reserved (_a_)', '_a_', true],
    ['1,500 bytes', 'x'.repeat(1500), true],
    ['1,502 bytes (751 × é)', 'é'.repeat(751), false],
  ])('isDocumentKey: %s → %s', (_, id, expected) => {
    expect(isDocumentKey(id)).toBe(expected);
  });
});
