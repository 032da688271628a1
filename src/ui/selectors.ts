// What the UI asks the machines, named once.
import type { AuthSnapshot } from '../machines/authMachine';
import type { CatalogSnapshot } from '../machines/catalogMachine';

// Auth answers through its tags (authMachine's AuthTag), so a new state only has to say what it is.
export const selectAuthKnown = (s: AuthSnapshot) => !s.hasTag('unknown');
/** Signed in (also while the profile loads or the sign-out is on its way). */
export const selectLoggedIn = (s: AuthSnapshot) => s.hasTag('signedIn');
/** The full-screen overlay: auth not known yet, a new session's profile loading, or a sign-out on its way. */
export const selectAuthLoading = (s: AuthSnapshot) => s.hasTag('blocking');
export const selectFieldErrors = (s: AuthSnapshot) => s.context.fieldErrors;

export const selectCategories = (s: CatalogSnapshot) => s.context.categories;
export const selectListLoading = (s: CatalogSnapshot) => s.matches({ list: 'loading' });
export const selectListFailed = (s: CatalogSnapshot) => s.matches({ list: 'failed' });
