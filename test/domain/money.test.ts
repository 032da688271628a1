// formatBRL (src/domain/money.ts) is written out for speed; its oracle is the platform's own formatter, which
// it replaces: Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }), built here and only here.
import { faker } from '@faker-js/faker';
import { describe, expect, it, vi } from 'vitest';
import { formatBRL } from '../../src/domain';

const intl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const disagreements = (amounts: number[]) =>
  amounts
    .map((reais) => ({ reais, ours: formatBRL(reais), intl: intl.format(reais) }))
    .filter((r) => r.ours !== r.intl);

describe('formatBRL writes what Intl writes', () => {
  it('for prices as the catalog has them: every centavo up to R$ 100,00, then 20,000 random ones up to R$ 100.000,00', () => {
    faker.seed(2026);
    const everyCentavo = Array.from({ length: 10_001 }, (_, centavos) => centavos / 100);
    const random = Array.from({ length: 20_000 }, () => faker.number.int({ min: 0, max: 10_000_000 }) / 100);
    expect(disagreements([...everyCentavo, ...random])).toEqual([]);
  });

  it('for sums of prices (binary fractions such as 0.1 + 0.2) and quantities up to 99', () => {
    faker.seed(12);
    const sums = Array.from({ length: 20_000 }, () => {
      const price = faker.number.int({ min: 1, max: 500_000 }) / 100;
      return price * faker.number.int({ min: 1, max: 99 }) + faker.number.int({ min: 1, max: 99_999 }) / 100;
    });
    expect(disagreements([0.1 + 0.2, 0.7 + 0.1, 1.1 * 3, ...sums])).toEqual([]);
  });

  it('when rounding a third decimal: half away from zero on the shortest decimal, and signs', () => {
    faker.seed(7);
    const thirdDecimals = Array.from(
      { length: 20_000 },
      () => faker.number.int({ min: -10_000_000, max: 10_000_000 }) / 1000,
    );
    const edges = [
      0, -0, 0.005, 0.004, -0.004, -0.005, 1.005, 2.675, 1.045, 0.995, 9.995, 99.995, 999.995, 999_999.995, -1234.5,
    ];
    expect(disagreements([...edges, ...thirdDecimals])).toEqual([]);
  });

  it('for large amounts, and for what has no plain decimal form (handed to Intl)', () => {
    const large = [
      1e6,
      1234567.891,
      2 ** 53,
      1e15,
      123_456_789_012.34,
      1e20,
      1e21,
      1e-7,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ];
    expect(disagreements([...large, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])).toEqual([]);
  });

  it('never asks Intl for an amount written without an exponent (the reason it is written out)', () => {
    // Intl.NumberFormat.prototype.format is a getter (ECMA-402; TypeScript's lib declares a method): every use
    // of a formatter reads it.
    const numberFormatPrototype: { readonly format: unknown } = Intl.NumberFormat.prototype;
    const formatOfIntl = vi.spyOn(numberFormatPrototype, 'format', 'get');
    try {
      for (const reais of [0, -0, 7, 99.9, 1234.56, 2.675, -3, 1e15]) formatBRL(reais);
      expect(formatOfIntl).not.toHaveBeenCalled();
      formatBRL(1e21);
      expect(formatOfIntl).toHaveBeenCalledTimes(1);
    } finally {
      formatOfIntl.mockRestore();
    }
  });

  it('in the shape a shopper reads: a no-break space after R$, dots for thousands, a comma for centavos', () => {
    expect(formatBRL(1234.5)).toBe('R$\u00a01.234,50');
    expect(formatBRL(1_000_000)).toBe('R$\u00a01.000.000,00');
    expect(formatBRL(0.3)).toBe('R$\u00a00,30');
  });
});
