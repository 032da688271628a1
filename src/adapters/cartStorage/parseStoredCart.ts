import { CartItemStruct, MAX_CART_LINES, type CartItem } from '../../domain';

export type CartLog = (message: string, detail?: unknown) => void;

/**
 * Turns whatever is saved under `cartProducts` into a valid cart. Shared by every CartStoragePort
 * implementation so they agree on what "corrupt" means: unparseable JSON or a non-array loads as [];
 * an array keeps its valid lines and drops (and logs) the invalid ones. Never throws.
 */
export function parseSavedCart(raw: string | null, log: CartLog): CartItem[] {
  if (raw === null || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    log('Saved cart is not valid JSON; starting with an empty cart.', error);
    return [];
  }
  if (!Array.isArray(parsed)) {
    log('Saved cart is not a list; starting with an empty cart.', parsed);
    return [];
  }
  const items: CartItem[] = [];
  const seen = new Set<string>();
  parsed.forEach((line: unknown, index) => {
    const [error, item] = CartItemStruct.validate(line);
    if (error) {
      log(`Dropping invalid saved cart line ${index}: ${error.message}`, line);
    } else if (seen.has(item.id)) {
      log(`Dropping duplicate saved cart line ${index} (product ${item.id}).`, line);
    } else if (items.length >= MAX_CART_LINES) {
      log(`Dropping saved cart line ${index}: more than ${MAX_CART_LINES} lines.`, line);
    } else {
      seen.add(item.id);
      items.push(item);
    }
  });
  return items;
}

export const consoleCartLog: CartLog = (message, detail) => console.warn(`[cart storage] ${message}`, detail ?? '');
