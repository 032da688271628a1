import type { CartItem } from '../../domain';

/** The key the cart lives under in localStorage (docs/requirements.md#data). */
export const CART_STORAGE_KEY = 'cartProducts';

/** Whether a save (or clear) reached the browser's storage: `failed` when it is full or denied. */
export type CartSaveResult = 'saved' | 'failed';

export interface CartStoragePort {
  /** The saved cart. Missing, corrupt or invalid data loads as an empty cart (and is logged), never throws. */
  load(): Promise<CartItem[]>;
  /** Saves this tab's cart after one of its own changes (other tabs receive the change). Never rejects. */
  save(items: readonly CartItem[]): Promise<CartSaveResult>;
  /** Empties the saved cart (and other tabs' carts). Never rejects. */
  clear(): Promise<CartSaveResult>;
  /**
   * Called when another tab changed its cart: the listener receives this tab's cart with that change merged
   * in (already saved), never the other tab's cart as is, so changes made at the same moment in two tabs are
   * all kept. Returns unsubscribe.
   */
  onExternalChange(listener: (items: CartItem[]) => void): () => void;
}
