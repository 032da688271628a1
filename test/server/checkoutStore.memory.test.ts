// @vitest-environment node
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { testCheckoutStore } from './checkoutStore.contract';

testCheckoutStore('createMemoryStore', async () => createMemoryStore());
