import { memoryCartStorage } from '../../src/adapters/cartStorage/memory';
import { testCartStoragePort } from './cartStorage.contract';

testCartStoragePort('memoryCartStorage', async (raw) => {
  const logs: string[] = [];
  const storage = memoryCartStorage({ raw, log: (message) => logs.push(message) });
  return { storage, raw: storage.raw, changeInAnotherTab: storage.simulateExternalChange, logged: () => logs };
});
