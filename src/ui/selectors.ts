// What the UI asks the machines, named once: the one home of selectors (a lazy page may keep a selector only
// its chunk needs beside it, as the product page does, so the entry does not grow).
import { cartCount, cartTotal } from '../domain';
import { orderableItems, soldOutItems } from '../domain/cartStock';
import { stockLevelOf } from '../domain/stock';
import type { AuthSnapshot } from '../machines/authMachine';
import type { CartSnapshot } from '../machines/cartMachine';
import type { CatalogSnapshot } from '../machines/catalogMachine';
import type { CheckoutGuardSnapshot } from '../machines/checkoutGuardMachine';
import type { ConnectivitySnapshot } from '../machines/connectivityMachine';
import type { SearchSnapshot } from '../machines/searchMachine';
import type { StockSnapshot } from '../machines/stockMachine';

// Auth answers through its tags (authMachine's AuthTag), so a new state only has to say what it is.
export const selectAuthKnown = (s: AuthSnapshot) => !s.hasTag('unknown');
/** Signed in (also while the profile loads or the sign-out is on its way). */
export const selectLoggedIn = (s: AuthSnapshot) => s.hasTag('signedIn');
/** The full-screen overlay: auth not known yet, a new session's profile loading, or a sign-out on its way. */
export const selectAuthLoading = (s: AuthSnapshot) => s.hasTag('blocking');
export const selectFieldErrors = (s: AuthSnapshot) => s.context.fieldErrors;
/** The form-wide message (a deadline passed, or a failure no field can show). */
export const selectFormError = (s: AuthSnapshot) => s.context.formError;
/** Signed in, but the profile could not be read in time: the banner with "Tentar novamente". */
export const selectProfileUnavailable = (s: AuthSnapshot) => s.matches('profileUnavailable');

export const selectCartItems = (s: CartSnapshot) => s.context.items;
export const selectCartCount = (s: CartSnapshot) => cartCount(s.context.items);
/** The total of what would be ordered: a sold-out line is left out (docs/requirements.md#stock). */
export const selectCartTotal = (s: CartSnapshot) => cartTotal(orderableItems(s.context.items, s.context.stock));
/** The lines "Finalizar Compra" sends: every line but the sold-out ones. */
export const selectOrderItems = (s: CartSnapshot) => orderableItems(s.context.items, s.context.stock);
/** The lines whose product ran out, named under the cart's lines. */
export const selectSoldOutItems = (s: CartSnapshot) => soldOutItems(s.context.items, s.context.stock);
/** The units left of each line's product, as the cart last read them. */
export const selectCartStock = (s: CartSnapshot) => s.context.stock;
export const selectIsPanelOpen = (s: CartSnapshot) => s.matches({ panel: 'open' });
/** The last save did not reach storage: the header's notice. */
export const selectIsCartUnsaved = (s: CartSnapshot) => s.matches({ saving: 'unsaved' });

/** The connectivity machine's public state, its tags: the offline banner, the new-version bar. */
export const selectOffline = (s: ConnectivitySnapshot) => s.hasTag('offline');
export const selectUpdateAvailable = (s: ConnectivitySnapshot) => s.hasTag('updateAvailable');

/** A product's live stock level: "Esgotado", "Últimas unidades", or no badge (available, untracked, not read). */
export const selectStockLevel = (productId: string) => (s: StockSnapshot) => stockLevelOf(s.context.stock, productId);

export const selectCategories = (s: CatalogSnapshot) => s.context.categories;
export const selectListLoading = (s: CatalogSnapshot) => s.matches({ list: 'loading' });
export const selectListFailed = (s: CatalogSnapshot) => s.matches({ list: 'failed' });
/** A catalog is on screen (the list, or a category): the overlay never covers it. */
export const selectCatalogOnScreen = (s: CatalogSnapshot) =>
  s.context.categories.length > 0 || s.context.category !== null;

/** What the search field shows. */
export const selectSearchQuery = (s: SearchSnapshot) => s.context.query;
/** A blank query was submitted: the field says what to type. */
export const selectSearchHint = (s: SearchSnapshot) => s.hasTag('hint');

export type SearchView = 'prompt' | 'searching' | 'results' | 'empty' | 'failed';
/** What the results page shows. While the next results are computed, the last ones stay on screen (no flicker). */
export function selectSearchView(s: SearchSnapshot): SearchView {
  if (s.matches('results')) return 'results';
  if (s.matches('empty')) return 'empty';
  if (s.matches('failed')) return 'failed';
  if (s.matches('idle') || s.matches('blank')) return 'prompt';
  if (s.context.resultsFor === '') return 'searching';
  return s.context.results.length ? 'results' : 'empty';
}

/** The protected route: the overlay while auth is unknown, the page, or the "log in" message. */
export const selectGuardView = (s: CheckoutGuardSnapshot): 'unknown' | 'allowed' | 'notice' =>
  s.matches('unknown') ? 'unknown' : s.matches('allowed') ? 'allowed' : 'notice';
