import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * false while React renders on the server and while it hydrates a prerendered page; true from the render
 * after that (and at once under createRoot). What only the browser knows (the saved cart, the auth state)
 * waits for it, so the first client render equals the server's HTML and hydration has nothing to repair.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
