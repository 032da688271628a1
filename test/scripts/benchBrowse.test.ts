import { describe, expect, it } from 'vitest';
import { bandLabelRange, expectedNames } from '../../scripts/bench/benchBrowse';
import type { Product } from '../../src/domain';

// The bench's own idea of each view, which the grid must show before a choice counts as painted.
const product = (name: string, price: number): Product => ({ id: name, name, price, imageUrl: '/x.svg' });
const LIST = [product('Boné 10', 100), product('Árvore 2', 50), product('boné 9', 100), product('Casaco', 300)];

describe('bench: the view a choice should paint', () => {
  it('orders: the list as it is, cheapest first, dearest first, A–Z in pt-BR; ties keep the list order', () => {
    expect(expectedNames(LIST, { order: 'padrao', range: null })).toEqual(['Boné 10', 'Árvore 2', 'boné 9', 'Casaco']);
    expect(expectedNames(LIST, { order: 'menor-preco', range: null })).toEqual([
      'Árvore 2',
      'Boné 10',
      'boné 9',
      'Casaco',
    ]);
    expect(expectedNames(LIST, { order: 'maior-preco', range: null })).toEqual([
      'Casaco',
      'Boné 10',
      'boné 9',
      'Árvore 2',
    ]);
    // "Árvore" before "Boné" (the accent does not send it after Z), 9 before 10.
    expect(expectedNames(LIST, { order: 'nome', range: null })).toEqual(['Árvore 2', 'boné 9', 'Boné 10', 'Casaco']);
  });

  it('a band keeps the prices inside it, both ends included, in the chosen order', () => {
    expect(expectedNames(LIST, { order: 'maior-preco', range: { min: 50, max: 100 } })).toEqual([
      'Boné 10',
      'boné 9',
      'Árvore 2',
    ]);
    expect(expectedNames(LIST, { order: 'padrao', range: { min: 101, max: null } })).toEqual(['Casaco']);
    expect(expectedNames(LIST, { order: 'padrao', range: { min: null, max: 49.99 } })).toEqual([]);
  });

  it('reads a band label back into its range', () => {
    expect(bandLabelRange('Até R$\u00a0100 (12)')).toEqual({ min: null, max: 100 });
    expect(bandLabelRange('R$\u00a089,90 a R$\u00a01.500 (7)')).toEqual({ min: 89.9, max: 1500 });
    expect(bandLabelRange('A partir de R$\u00a01.500 (3)')).toEqual({ min: 1500, max: null });
  });
});
