import { array, size, type as looseObject, object, validate, type Infer } from 'superstruct';
import { CartItemStruct, MAX_CART_LINES, toCentavos, type Product } from '../src/domain';
import { HttpError } from './errors';
import type { LineItem } from './payments/port';

/**
 * One line of the request body. The storefront sends whole cart items (id, name, imageUrl, price, quantity):
 * only `id` and `quantity` are read, with the storefront's own structs; any other field, price included, is
 * accepted and ignored.
 */
export const CheckoutLineStruct = looseObject({ id: CartItemStruct.schema.id, quantity: CartItemStruct.schema.quantity });
export const CheckoutBodyStruct = object({ products: size(array(CheckoutLineStruct), 1, MAX_CART_LINES) });
export type CheckoutBody = Infer<typeof CheckoutBodyStruct>;

/** Validates the body, answering 400 with a message that says which line and field are wrong. */
export function parseCheckoutBody(body: unknown): CheckoutBody {
  const [error, value] = validate(body, CheckoutBodyStruct);
  if (!error) {
    const seen = new Set<string>();
    for (const line of value.products) {
      if (seen.has(line.id)) throw new HttpError(400, 'invalid_body', `Produto repetido no pedido: ${line.id}.`);
      seen.add(line.id);
    }
    return value;
  }
  const [root, index, field] = error.path as Array<string | number | undefined>;
  if (root !== 'products') throw new HttpError(400, 'invalid_body', 'O corpo deve ser { "products": [...] }.');
  if (index === undefined) {
    throw new HttpError(400, 'invalid_body', `O pedido deve ter de 1 a ${MAX_CART_LINES} produtos.`);
  }
  const line = Number(index) + 1;
  if (field === 'quantity') {
    throw new HttpError(400, 'invalid_body', `Quantidade inválida no item ${line}: use um inteiro de 1 a 99.`);
  }
  if (field === 'id') throw new HttpError(400, 'invalid_body', `Produto inválido no item ${line}.`);
  throw new HttpError(400, 'invalid_body', `Item ${line} inválido.`);
}

/** Prices every line from the server's catalog, in centavos. Unknown ids answer 400 and nothing is created. */
export function priceLines(body: CheckoutBody, products: ReadonlyMap<string, Product>): LineItem[] {
  const unknown = body.products.filter((line) => !products.has(line.id)).map((line) => line.id);
  if (unknown.length > 0) {
    throw new HttpError(400, 'unknown_product', `Produto desconhecido: ${unknown.slice(0, 5).join(', ')}.`);
  }
  return body.products.map((line) => {
    const product = products.get(line.id) as Product;
    return { productId: product.id, name: product.name, unitAmount: toCentavos(product.price), quantity: line.quantity };
  });
}
