// The catalog's documents, the field limits and the HTML escaper: rules the mutation run (npm run test:mutation)
// found covered only by the backend's and the contracts' suites, which it does not run.
// Expected values are written by hand here (no value read back from the code under test).
import { describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { escapeHtml } from '../../src/domain/escapeHtml';
import {
  CEP_INPUT_MAX_LENGTH,
  FIELD_MAX_LENGTH,
  MAX_QUERY_LENGTH,
  ADDRESS_MAX_LENGTH,
  tooLongMessage,
} from '../../src/domain/limits';
import {
  MAX_CATEGORY_PAGE_SIZE,
  ProductDocumentStruct,
  categoryDocumentOf,
  productDocumentOf,
  productDocumentsOf,
  productOfDocument,
  searchNameOf,
} from '../../src/domain/productDocuments';
import type { Category, Product } from '../../src/domain';

const product = (n: number): Product => ({
  id: `p${n}`,
  name: `Produto ${n}`,
  imageUrl: `/images/p${n}.webp`,
  price: n,
});

describe('escapeHtml', () => {
  it('escapes the five characters that end text or a quoted attribute, and nothing else', () => {
    expect(escapeHtml(`<a title="Tênis 'Retrô'">Camisa & Calça</a>`)).toBe(
      '&lt;a title=&quot;Tênis &#39;Retrô&#39;&quot;&gt;Camisa &amp; Calça&lt;/a&gt;',
    );
    expect(escapeHtml('&&<<')).toBe('&amp;&amp;&lt;&lt;');
    expect(escapeHtml('Jaqueta Jeans, R$ 89,90')).toBe('Jaqueta Jeans, R$ 89,90');
    expect(escapeHtml('')).toBe('');
  });
});

describe('field limits', () => {
  it('are the numbers the forms, the backend and the rules share', () => {
    expect(FIELD_MAX_LENGTH).toEqual({ firstName: 100, lastName: 200, email: 320, password: 4096 });
    expect([ADDRESS_MAX_LENGTH, MAX_QUERY_LENGTH, CEP_INPUT_MAX_LENGTH]).toEqual([200, 100, 9]);
  });
  it('say which field is too long and by how much it may be', () => {
    expect(tooLongMessage('Nome', 100)).toBe('Nome pode ter no máximo 100 caracteres.');
  });
});

describe('product documents', () => {
  const category: Category = {
    id: 'jackets',
    displayName: 'Jaquetas',
    imageUrl: '/images/jackets.webp',
    name: 'jackets',
    products: Array.from({ length: 26 }, (_, i) => product(i + 1)),
  };

  it('the search key is the name lowercased without accents', () => {
    expect(searchNameOf('Tênis Retrô')).toBe('tenis retro');
    expect(searchNameOf('CAMISÃO Ç')).toBe('camisao c');
    expect(searchNameOf('boné 2')).toBe('bone 2');
  });

  it('a product’s document adds its category, its place and its search key; reading it drops them', () => {
    const jacket: Product = { id: 'jaqueta', name: 'Jaqueta Couro', imageUrl: '/images/jaqueta.webp', price: 89.9 };
    const document = productDocumentOf(jacket, 'jackets', 3);
    expect(document).toEqual({
      id: 'jaqueta',
      name: 'Jaqueta Couro',
      imageUrl: '/images/jaqueta.webp',
      price: 89.9,
      categoryId: 'jackets',
      position: 3,
      searchName: 'jaqueta couro',
    });
    expect(productOfDocument(document)).toEqual({
      id: 'jaqueta',
      name: 'Jaqueta Couro',
      imageUrl: '/images/jaqueta.webp',
      price: 89.9,
    });
  });

  it('a category’s documents are numbered in its order', () => {
    const documents = productDocumentsOf({ ...category, products: [product(7), product(3)] });
    expect(documents.map((d) => [d.id, d.categoryId, d.position, d.searchName])).toEqual([
      ['p7', 'jackets', 0, 'produto 7'],
      ['p3', 'jackets', 1, 'produto 3'],
    ]);
  });

  it('a category document carries its first 24 products and the count of all', () => {
    const document = categoryDocumentOf(category);
    expect(document.products.map((p) => p.id)).toEqual(Array.from({ length: 24 }, (_, i) => `p${i + 1}`));
    expect(document.productCount).toBe(26);
    expect([document.id, document.displayName, document.name]).toEqual(['jackets', 'Jaquetas', 'jackets']);
  });

  it('a product document is checked field by field', () => {
    const valid = {
      id: 'p1',
      name: 'Produto 1',
      imageUrl: '/images/p1.webp',
      price: 1,
      categoryId: 'jackets',
      position: 0,
      searchName: 'produto 1',
    };
    expect(is(valid, ProductDocumentStruct)).toBe(true);
    expect(is({ ...valid, searchName: 'x'.repeat(200) }, ProductDocumentStruct)).toBe(true);
    for (const wrong of [
      { ...valid, position: -1 },
      { ...valid, position: 1.5 },
      { ...valid, searchName: '' },
      { ...valid, searchName: 'x'.repeat(201) },
      { ...valid, categoryId: '' },
      { ...valid, price: -1 },
      { ...valid, extra: true },
    ]) {
      expect(is(wrong, ProductDocumentStruct)).toBe(false);
    }
    const { categoryId: _categoryId, ...withoutCategory } = valid;
    expect(is(withoutCategory, ProductDocumentStruct)).toBe(false);
    expect(MAX_CATEGORY_PAGE_SIZE).toBe(100);
  });
});
