// What the cart model tests share: the machine paths (test/machines), the components on happy-dom (test/ui)
// and the storefront in Chromium (test/e2e) explore the same small cart and press the same controls.
import type { CartItem, Product } from '../../../src/domain';

/** A two-product catalogue keeps the state space (and the path count) small. */
export const catalogue: Product[] = [
  { id: 'jaqueta', name: 'Jaqueta de Couro Preta', imageUrl: '/images/jaqueta-couro-preta.svg', price: 500 },
  { id: 'bone', name: 'Boné Branco', imageUrl: '/images/bone-branco.svg', price: 89.9 },
];
/** Quantities are explored up to this bound (the arithmetic beyond it is the domain tests' job). */
export const MAX_EXPLORED_QUANTITY = 3;
/** How many changes the paths send while the saved cart is still being restored (they wait in line). */
export const MAX_QUEUED_WHILE_RESTORING = 1;

export const line = (id: string, quantity: number): CartItem => ({ ...catalogue.find((p) => p.id === id)!, quantity });
/** What the saved cart holds when the page starts. */
export const savedCarts: CartItem[][] = [[], [line('jaqueta', 2)]];
/** What a stock read answers: one jacket left (the saved two come down to it), the cap sold out. */
export const stockAnswers: Array<Record<string, number | null>> = [{ jaqueta: 1, bone: 0 }];
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

/**
 * What the screen must say, written out by hand from docs/requirements.md#cart (never computed by the code under test):
 * the header's cart button and the panel's total for `jaqueta` × bone quantities of this catalogue.
 */
export const writtenCartButton = (count: number) => (count === 1 ? 'Carrinho (1 item)' : `Carrinho (${count} itens)`);
export const WRITTEN_TOTALS: Record<string, string> = {
  'jaqueta×1': 'R$ 500,00',
  'jaqueta×2': 'R$ 1.000,00',
  'jaqueta×3': 'R$ 1.500,00',
  'bone×1': 'R$ 89,90',
  'bone×2': 'R$ 179,80',
  'bone×3': 'R$ 269,70',
  'jaqueta×1 bone×1': 'R$ 589,90',
  'jaqueta×1 bone×2': 'R$ 679,80',
  'jaqueta×1 bone×3': 'R$ 769,70',
  'jaqueta×2 bone×1': 'R$ 1.089,90',
  'jaqueta×2 bone×2': 'R$ 1.179,80',
  'jaqueta×2 bone×3': 'R$ 1.269,70',
  'jaqueta×3 bone×1': 'R$ 1.589,90',
  'jaqueta×3 bone×2': 'R$ 1.679,80',
  'jaqueta×3 bone×3': 'R$ 1.769,70',
};
/** The key of WRITTEN_TOTALS for some lines, in catalogue order whatever the cart's order. */
export function totalsKey(
  lines: ReadonlyArray<{ id: string; quantity: number }>,
  order: readonly string[] = catalogue.map((p) => p.id),
): string {
  return order
    .map((id) => lines.find((l) => l.id === id))
    .filter((l) => l !== undefined && l.quantity > 0)
    .map((l) => `${l!.id}×${l!.quantity}`)
    .join(' ');
}
