import type { EventObject } from 'xstate';
import type { CartItem, Product } from '../../../src/domain';
import { pathName } from './modelGraph';

type CartPathEvent = EventObject & {
  product?: Product;
  productId?: string;
  output?: CartItem[];
  items?: CartItem[];
  via?: string;
};

const lines = (items: CartItem[]) => items.map((i) => `${i.id}×${i.quantity}`).join(',') || 'empty';

/**
 * Names a generated cart path for the test list, e.g. `cart.add(bone) → cart.panel.close(escape)`. Shared by the
 * machine, happy-dom and Chromium model tests so one path reads the same in all three.
 */
export const cartPathName = (path: { steps: ReadonlyArray<{ event: EventObject }> }) =>
  pathName(path, (event) => {
    const e = event as CartPathEvent;
    if (e.product) return e.product.id;
    if (e.productId) return e.productId;
    if (e.output) return lines(e.output);
    if (e.items) return lines(e.items);
    return e.via ?? '';
  });
