// @vitest-environment node
import { createMemoryShopperLimiter } from '../../server/limits/memory';
import { testShopperLimiter } from './shopperLimiter.contract';

testShopperLimiter('createMemoryShopperLimiter', async () => createMemoryShopperLimiter());
