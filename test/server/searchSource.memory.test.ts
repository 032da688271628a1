// @vitest-environment node
import { memoryProductSource } from '../../server/adapters/search/memorySource';
import { toSearchProduct } from '../../server/adapters/search/searchSource';
import { testProductSource } from './searchSource.contract';

testProductSource('memoryProductSource', async ({ products, categories }) =>
  memoryProductSource({
    products: Object.entries(products).map(([id, data]) => toSearchProduct(id, { ...data })!),
    categories: Object.fromEntries(Object.values(categories).map(({ id, displayName }) => [id, displayName])),
  }),
);
