// What the UI asks the machines, named once.
import type { AuthSnapshot } from '../machines/authMachine';
import type { CartSnapshot } from '../machines/cartMachine';
import type { CatalogSnapshot } from '../machines/catalogMachine';

export const selectAuthKnown = (s: AuthSnapshot) => !s.matches('unknown');
/** Signed in (also while the profile loads or the sign-out is on its way). */
export const selectLoggedIn = (s: AuthSnapshot) =>
  s.matches('loggedIn') || s.matches('signingOut') || s.matches('loadingProfile');
/** The full-screen overlay: auth not known yet, or the profile of a new session is loading. */
export const selectAuthLoading = (s: AuthSnapshot) =>
  s.matches('unknown') || s.matches('loadingProfile') || s.matches('signingOut');
export const selectFieldErrors = (s: AuthSnapshot) => s.context.fieldErrors;
export const selectUser = (s: AuthSnapshot) => s.context.user;

export const selectCartReady = (s: CartSnapshot) => s.matches({ storage: 'ready' });

export const selectCategories = (s: CatalogSnapshot) => s.context.categories;
export const selectListLoading = (s: CatalogSnapshot) => s.matches({ list: 'loading' });
export const selectListFailed = (s: CatalogSnapshot) => s.matches({ list: 'failed' });
