// @vitest-environment node
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { testCheckoutStock } from './checkoutStock.contract';
import { testCheckoutStore } from './checkoutStore.contract';

testCheckoutStore('createMemoryStore', async () => createMemoryStore());
testCheckoutStock('createMemoryStore', async (stock) => {
  const store = createMemoryStore({ stock });
  return {
    store,
    stockOf: async (productId) => store.stockOf(productId),
    setStock: async (productId, units) => store.setStock(productId, units),
  };
});
