// The one route table: wouter's <Route>s and every link read their paths from here.
export const paths = {
  home: '/',
  explore: '/explore',
  login: '/login',
  signUp: '/sign-up',
  category: '/category/:id',
  checkout: '/checkout',
  paymentConfirmation: '/payment-confirmation',
  product: '/product/:id',
  search: '/search',
  /** "Meus pedidos" (docs/requirements.md#orders): the signed-in shopper's orders. */
  orders: '/pedidos',
} as const;

export function categoryPath(id: string): string {
  return paths.category.replace(':id', encodeURIComponent(id));
}

export function productPath(id: string): string {
  return paths.product.replace(':id', encodeURIComponent(id));
}
