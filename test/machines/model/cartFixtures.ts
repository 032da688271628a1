// What the cart model tests share: the machine paths (test/machines), the components on happy-dom (test/ui)
// and the storefront in Chromium (test/e2e) explore the same small cart and press the same controls.
import type { CartItem, Product } from '../../../src/domain';

/** A two-product catalogue keeps the state space (and the path count) small. */
export const catalogue: Product[] = [
  { id: 'jaqueta', name: 'Jaqueta de Couro Preta', imageUrl: '/images/jaqueta-couro-preta.svg', price: 500 },
  { id: 'bone', name: 'Boné Branco', imageUrl: '/images/bone-branco.svg', price: 89.9 },
];
/** Quantities are explored up to this bound (the arithmetic beyond it is the domain tests' job). */
export const MAX_EXPLORED_QUANTITY = 2;

export const line = (id: string, quantity: number): CartItem => ({ ...catalogue.find((p) => p.id === id)!, quantity });
/** What the saved cart holds when the page starts. */
export const savedCarts: CartItem[][] = [[], [line('jaqueta', 2)]];
/** What another tab saves. */
export const otherTabCarts: CartItem[][] = [[], [line('bone', 1)]];

/** The accessible names of a cart line's controls, spelled out here independently of the components. */
export function cartControlName(type: 'cart.increase' | 'cart.decrease' | 'cart.remove', productName: string): string {
  return {
    'cart.increase': `Aumentar quantidade de ${productName}`,
    'cart.decrease': `Diminuir quantidade de ${productName}`,
    'cart.remove': `Remover ${productName} do carrinho`,
  }[type];
}
