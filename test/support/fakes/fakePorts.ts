import type { CartItem, Category, ProductInCategory, UserProfile } from '../../../src/domain';
import type { AuthPort, AuthStateListener, AuthUser, SignUpCredentials } from '../../../src/adapters/auth/authPort';
import type { CartStoragePort } from '../../../src/adapters/cartStorage/cartStoragePort';
import type { CatalogPort, CategoryProductsPage, ProductCatalogPort } from '../../../src/adapters/catalog/catalogPort';
import type { CheckoutPort, CheckoutSession, CreateSessionOptions } from '../../../src/adapters/checkout/checkoutPort';
import type { UsersPort } from '../../../src/adapters/users/usersPort';
import { controllable } from './controllable';

/**
 * Controllable fakes of the ports for machine tests. Every async call stays pending until the test settles it
 * (`auth.signIn.latest().resolve(user)`), and every call is recorded. The auth-state stream is pushed by hand
 * with `auth.emit(user | null)`.
 */
export function fakeAuth() {
  const listeners = new Set<AuthStateListener>();
  const signIn = controllable<[string, string], AuthUser>('auth.signIn');
  const signUp = controllable<[SignUpCredentials], AuthUser>('auth.signUp');
  const signInWithGoogle = controllable<[], AuthUser>('auth.signInWithGoogle');
  const signOut = controllable<[], void>('auth.signOut');
  const updateDisplayName = controllable<[string], void>('auth.updateDisplayName');
  const port: AuthPort = {
    onAuthStateChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn: signIn.fn,
    signUp: signUp.fn,
    signInWithGoogle: signInWithGoogle.fn,
    signOut: signOut.fn,
    updateDisplayName: updateDisplayName.fn,
    idToken: async () => null,
  };
  return {
    port,
    signIn,
    signUp,
    signInWithGoogle,
    signOut,
    updateDisplayName,
    /** What the provider's auth-state stream would report. */
    emit(user: AuthUser | null) {
      for (const listener of [...listeners]) listener(user ? { ...user } : null);
    },
    listenerCount: () => listeners.size,
  };
}
export type FakeAuth = ReturnType<typeof fakeAuth>;

export function fakeUsers() {
  const findById = controllable<[string], UserProfile | null>('users.findById');
  const create = controllable<[UserProfile], void>('users.create');
  const createIfMissing = controllable<[UserProfile], UserProfile>('users.createIfMissing');
  const port: UsersPort = { findById: findById.fn, create: create.fn, createIfMissing: createIfMissing.fn };
  return { port, findById, create, createIfMissing };
}
export type FakeUsers = ReturnType<typeof fakeUsers>;

export function fakeCheckout() {
  const createSession = controllable<[readonly CartItem[], CreateSessionOptions?], CheckoutSession>(
    'checkout.createSession',
  );
  const port: CheckoutPort = { createSession: createSession.fn };
  return { port, createSession };
}
export type FakeCheckout = ReturnType<typeof fakeCheckout>;

export type StorageCall = { method: 'save'; items: CartItem[] } | { method: 'clear' };

/**
 * A cart storage that holds what localStorage would (`saved()`), records every save/clear, and whose load
 * stays pending until the test answers it. `otherTabWrites(items)` is another tab changing the saved cart.
 */
export function fakeCartStorage(initial: CartItem[] | null = null) {
  let saved: CartItem[] | null = initial ? structuredClone(initial) : null;
  const calls: StorageCall[] = [];
  let failing = false;
  const listeners = new Set<(items: CartItem[]) => void>();
  const load = controllable<[], CartItem[]>('cartStorage.load');
  const port: CartStoragePort = {
    load: load.fn,
    async save(items) {
      calls.push({ method: 'save', items: structuredClone([...items]) });
      if (failing) return 'failed';
      saved = structuredClone([...items]);
      return 'saved';
    },
    async clear() {
      calls.push({ method: 'clear' });
      if (failing) return 'failed';
      saved = null;
      return 'saved';
    },
    onExternalChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    port,
    load,
    calls,
    saved: () => (saved ? structuredClone(saved) : null),
    /** Answers the pending load with what storage holds. */
    answerLoad() {
      load.latest().resolve(structuredClone(saved ?? []));
    },
    setSaved(items: CartItem[] | null) {
      saved = items ? structuredClone(items) : null;
    },
    otherTabWrites(items: CartItem[]) {
      saved = items.length ? structuredClone(items) : null;
      for (const listener of [...listeners]) listener(structuredClone(items));
    },
    listenerCount: () => listeners.size,
    /** Saves and clears from now on fail as in a full or denied storage (`saved()` keeps its value), until false. */
    failWrites(on: boolean) {
      failing = on;
    },
  };
}
export type FakeCartStorage = ReturnType<typeof fakeCartStorage>;

export function fakeCatalog() {
  const listCategories = controllable<[], Category[]>('catalog.listCategories');
  const getCategory = controllable<[string], Category>('catalog.getCategory');
  const getProduct = controllable<[string], ProductInCategory | null>('catalog.getProduct');
  const listCategoryProducts = controllable<[string, { after?: number; limit: number }], CategoryProductsPage>(
    'catalog.listCategoryProducts',
  );
  const port: CatalogPort & Pick<ProductCatalogPort, 'getProduct' | 'listCategoryProducts'> = {
    listCategories: listCategories.fn,
    getCategory: getCategory.fn,
    getProduct: getProduct.fn,
    listCategoryProducts: listCategoryProducts.fn,
  };
  return { port, listCategories, getCategory, getProduct, listCategoryProducts };
}
export type FakeCatalog = ReturnType<typeof fakeCatalog>;
