import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActorRef } from '@xstate/react';
import { useLocation, useRouter } from 'wouter';
import type { Product } from '../domain';
import { browseMachine, type BrowseActorRef } from '../machines/browseMachine';
import { useHydrated } from './hooks/useHydrated';
import { useServices } from './services';

/**
 * A browse actor (sorting and price filters) for the product list of one page, wired to the address: the
 * machine writes choices through wouter's navigate (push, or replace to correct an unreadable address), and
 * every address the page lands on (Back/Forward, a shared link, a reload) is handed to the machine.
 *
 * The prerendered HTML is the default view, so until hydration has finished the actor reads an empty query
 * string: the first client render equals the server's, and the address's view applies on the next render.
 */
export function useBrowseActor(products: readonly Product[]): BrowseActorRef {
  const { inspect } = useServices();
  const hydrated = useHydrated();
  const router = useRouter();
  // The raw query string: wouter's useSearch() would decode it first (see searchQuery.ts); the machine decodes
  // each value itself.
  const search = router.searchHook(router);
  const address = hydrated ? search : '';
  const [location, navigate] = useLocation();

  const where = useRef({ location, navigate });
  useLayoutEffect(() => {
    where.current = { location, navigate };
  }, [location, navigate]);

  const [logic] = useState(() => {
    const go = (query: string, replace: boolean) => {
      const { location: path, navigate: to } = where.current;
      to(query ? `${path}?${query}` : path, { replace });
    };
    return browseMachine.provide({
      actions: {
        showAddress: (_, { address: query }) => go(query, false),
        correctAddress: (_, { address: query }) => go(query, true),
      },
    });
  });
  const browse = useActorRef(logic, { input: { products, address }, inspect });

  // The address moved. A choice the machine has just written comes back here too; it recognises it and does nothing.
  useEffect(() => {
    browse.send({ type: 'browse.address.changed', address });
  }, [browse, address]);

  // A fresher list (the live catalog over the prerendered one, new search results).
  const shown = useRef(products);
  useEffect(() => {
    if (shown.current === products) return;
    shown.current = products;
    browse.send({ type: 'browse.products.changed', products });
  }, [browse, products]);

  return browse;
}
