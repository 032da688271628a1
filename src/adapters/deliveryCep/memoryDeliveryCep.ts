import { parseSavedCep } from './parseSavedCep';
import type { DeliveryCepLog, DeliveryCepPort } from './deliveryCepPort';

export interface MemoryDeliveryCep extends DeliveryCepPort {
  /** The raw saved text (what localStorage would hold), or null when nothing is saved. */
  raw(): string | null;
}

/**
 * In-memory DeliveryCepPort. It keeps the saved text exactly as localStorage would and parses it with the same
 * rules, so `memoryDeliveryCep({ raw: 'abc' })` loads as null. `refusing` stands for a browser that denies
 * storage (privacy mode) or is full: reads and writes are logged, as the localStorage implementation does.
 */
export function memoryDeliveryCep(
  options: { raw?: string | null; log?: DeliveryCepLog; refusing?: boolean } = {},
): MemoryDeliveryCep {
  let saved: string | null = options.raw ?? null;
  const log = options.log ?? (() => {});
  return {
    load() {
      if (options.refusing) {
        log('Could not read the saved CEP.', new Error('storage refused the read'));
        return null;
      }
      return parseSavedCep(saved, log);
    },
    save(cep) {
      if (options.refusing) {
        log('Could not write the saved CEP.', new Error('storage refused the write'));
        return;
      }
      saved = cep;
    },
    raw: () => saved,
  };
}
