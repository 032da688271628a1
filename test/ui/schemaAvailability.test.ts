import { describe, expect, it } from 'vitest';
import { schemaAvailability } from '../../src/ui/seo';

describe('schemaAvailability: the stock count in schema.org words', () => {
  it.each([
    [undefined, 'https://schema.org/InStock'],
    [0, 'https://schema.org/OutOfStock'],
    [1, 'https://schema.org/LimitedAvailability'],
    [3, 'https://schema.org/LimitedAvailability'],
    [4, 'https://schema.org/InStock'],
    [40, 'https://schema.org/InStock'],
  ])('%s units → %s', (units, availability) => {
    expect(schemaAvailability(units)).toBe(availability);
  });
});
