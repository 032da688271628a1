import { memoryCartStorage, type MemoryCartStorage } from '../../src/adapters/cartStorage/memoryCartStorage';
import { testCartStoragePort } from './cartStorage.contract';

testCartStoragePort('memoryCartStorage', async (raw) => {
  const logs: string[] = [];
  const storage: MemoryCartStorage = memoryCartStorage({ raw, log: (message) => logs.push(message) });
  return { storage, raw: storage.raw, otherTab: storage.otherTab, failWrites: storage.failWrites, logged: () => logs };
});
