// @vitest-environment node
import { createMemoryStore } from '../../server/store/memory';
import { testCheckoutStore } from './checkoutStore.contract';

testCheckoutStore('createMemoryStore', async () => createMemoryStore());
