import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { testOrdersPort } from './orders.contract';

testOrdersPort('memoryOrders', async ({ uid, documents, log }) =>
  memoryOrders({ documents, signedInAs: () => uid, log }),
);
