import { memoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import { testDeliveryCepPort } from './deliveryCep.contract';

testDeliveryCepPort('memoryDeliveryCep', async (raw, { refusing } = {}) => {
  const logs: string[] = [];
  const port = memoryDeliveryCep({ raw, refusing, log: (message) => logs.push(message) });
  return { port, raw: port.raw, logged: () => logs };
});
