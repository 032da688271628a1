import { consoleDeliveryCepLog, parseSavedCep } from './parseSavedCep';
import { DELIVERY_CEP_STORAGE_KEY, type DeliveryCepLog, type DeliveryCepPort } from './deliveryCepPort';

/**
 * DeliveryCepPort over window.localStorage under `deliveryCep`, as 8 plain digits. Reads and writes that the
 * browser refuses (SecurityError when storage is denied, QuotaExceededError) are logged, never thrown; with
 * no storage at all (`null`: window.localStorage itself threw) nothing is saved.
 */
export function createLocalStorageDeliveryCep({
  storage,
  log = consoleDeliveryCepLog,
}: {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  log?: DeliveryCepLog;
}): DeliveryCepPort {
  return {
    load() {
      let raw: string | null;
      if (!storage) return null;
      try {
        raw = storage.getItem(DELIVERY_CEP_STORAGE_KEY);
      } catch (error) {
        log('Could not read the saved CEP.', error);
        return null;
      }
      return parseSavedCep(raw, log);
    },
    save(cep) {
      if (!storage) return;
      try {
        storage.setItem(DELIVERY_CEP_STORAGE_KEY, cep);
      } catch (error) {
        log('Could not write the saved CEP.', error);
      }
    },
  };
}
