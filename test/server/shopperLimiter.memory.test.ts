// @vitest-environment node
import { createMemoryShopperLimiter } from '../../server/limits/memoryLimiter';
import { testShopperLimiter } from './shopperLimiter.contract';

testShopperLimiter('createMemoryShopperLimiter', async () => createMemoryShopperLimiter());
