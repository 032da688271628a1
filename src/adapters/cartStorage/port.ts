import type { CartItem } from '../../domain';

/** The key the cart lives under in localStorage (SPEC §3). */
export const CART_STORAGE_KEY = 'cartProducts';

export interface CartStoragePort {
  /** The saved cart. Missing, corrupt or invalid data loads as an empty cart (and is logged), never throws. */
  load(): Promise<CartItem[]>;
  save(items: readonly CartItem[]): Promise<void>;
  clear(): Promise<void>;
  /** Called when another tab changes the saved cart. Returns unsubscribe. */
  onExternalChange(listener: (items: CartItem[]) => void): () => void;
}
