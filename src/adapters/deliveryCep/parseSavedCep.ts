import { parseCep } from '../../domain/cep';
import type { DeliveryCepLog } from './deliveryCepPort';

/**
 * Turns whatever is saved under `deliveryCep` into a CEP or null, with the domain's own parser, so every
 * implementation agrees on what "corrupt" means (a value edited by hand, an older format, JSON garbage).
 */
export function parseSavedCep(raw: string | null, log: DeliveryCepLog): string | null {
  if (raw === null || raw === '') return null;
  const parsed = parseCep(raw);
  if (parsed.ok) return parsed.cep;
  log('Saved CEP is not a valid CEP; ignoring it.', raw);
  return null;
}

export const consoleDeliveryCepLog: DeliveryCepLog = (message, detail) =>
  console.warn(`[delivery CEP storage] ${message}`, detail ?? '');
