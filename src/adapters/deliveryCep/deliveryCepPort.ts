/** The key the shopper's last valid CEP lives under in localStorage (its own key: `cartProducts` keeps its shape). */
export const DELIVERY_CEP_STORAGE_KEY = 'deliveryCep';

export type DeliveryCepLog = (message: string, detail?: unknown) => void;

/**
 * The shopper's last valid CEP, kept between visits so delivery is quoted without typing it again. Never throws:
 * a missing or corrupt value loads as null, and a storage that refuses reads or writes (privacy mode, quota) is
 * logged — delivery still works for this visit.
 */
export interface DeliveryCepPort {
  /** The saved CEP as 8 digits, or null (nothing saved, or not a CEP of any state). */
  load(): string | null;
  /** Saves a CEP (8 digits, as parseCep answers it). */
  save(cep: string): void;
}
