// Delivery texts and limits the mutation run (npm run test:mutation) left untested: the address fields' labels,
// the review label and the years the holiday calendar covers.
// Expected values are written by hand here (no value read back from the code under test).
import { describe, expect, it } from 'vitest';
import { ADDRESS_FIELD_LABELS, DELIVERY_REVIEW_LABEL, addBrazilianBusinessDays } from '../../src/domain/delivery';

describe('delivery texts', () => {
  it('labels every address field as the pay page shows it', () => {
    expect(ADDRESS_FIELD_LABELS).toEqual({
      recipient: 'Nome de quem recebe',
      cep: 'CEP',
      street: 'Rua',
      number: 'Número',
      complement: 'Complemento',
      neighborhood: 'Bairro',
      city: 'Cidade',
      uf: 'UF',
    });
    expect(DELIVERY_REVIEW_LABEL).toBe('Frete em revisão');
  });
});

describe('business days outside the calendar', () => {
  it('a day outside the holiday calendar’s years is an error that names it', () => {
    expect(() => addBrazilianBusinessDays('2100-01-04', 1)).toThrow(
      new RangeError('addBrazilianBusinessDays: 2100-01-04 + 1 is outside the supported years'),
    );
  });
});
