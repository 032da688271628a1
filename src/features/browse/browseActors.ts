// The browse feature's actor wiring, in its lazy chunk (browseChunk.tsx): a browse actor per list, started and
// stopped with the list's controls, its address actions written through wouter, every address handed to it.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLocation, useRouter } from 'wouter';
import type { Product } from '../../domain';
import { BROWSE_ORDERS, prepareOrder } from '../../domain/browse';
import { browseMachine, type BrowseActorRef } from '../../machines/browseMachine';
import { useServices } from '../../ui/services';

/** Longest wait for an idle moment after the frame before a pending history entry is written anyway. */
const WRITE_IDLE_TIMEOUT_MS = 100;

/**
 * Runs `task` after the next frame has been painted, in an idle moment (or after WRITE_IDLE_TIMEOUT_MS); without
 * frames or idle callbacks (tests' DOM), in the next task. Returns a cancel.
 */
export function afterPaint(task: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function' || typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task, 0);
    return () => clearTimeout(timer);
  }
  let idle = 0;
  const frame = requestAnimationFrame(() => {
    idle = requestIdleCallback(task, { timeout: WRITE_IDLE_TIMEOUT_MS });
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelIdleCallback(idle);
  };
}

/**
 * A browse actor (sorting and price filters) for the product list of one page, wired to the address: the
 * machine writes choices through wouter's navigate (push, or replace to correct an unreadable address), and
 * every address the router reports is handed to the machine, which tells its own writes coming back (echoes)
 * from the shopper's moves (Back/Forward, a shared link, a reload).
 *
 * Used by the browse chunk only, which browseSlot.tsx renders once the page has hydrated: the
 * prerendered HTML (the default view) is never rendered from here, so the address applies from the start.
 */
export function useBrowseActor(products: readonly Product[]): BrowseActorRef {
  const { inspect } = useServices();
  const router = useRouter();
  // The raw query string: wouter's useSearch() would decode it first (see src/features/search/searchQuery.ts); the
  // machine decodes
  // each value itself.
  const address = router.searchHook(router);
  const [location, navigate] = useLocation();

  const where = useRef({ location, navigate });
  useLayoutEffect(() => {
    where.current = { location, navigate };
  }, [location, navigate]);

  // A choice's history entry is written once the grid it produced has been painted (afterPaint): pushState cost
  // 3–10 ms of the main thread per call in Chromium, and wouter re-renders after it; before the frame, both held
  // the new grid back.
  const writes = useRef<{ cancel?: () => void; write?: () => void }>({});
  const [logic] = useState(() => {
    const go = (query: string, replace: boolean) => {
      const { location: path, navigate: to } = where.current;
      to(query ? `${path}?${query}` : path, { replace });
    };
    // An earlier choice's entry first: the history keeps every choice, in order.
    const flush = () => {
      const pending = writes.current;
      pending.cancel?.();
      const write = pending.write;
      pending.write = undefined;
      write?.();
    };
    return browseMachine.provide({
      actions: {
        showAddress: (_, { address: query }) => {
          flush();
          writes.current.write = () => go(query, false);
          writes.current.cancel = afterPaint(flush);
        },
        correctAddress: (_, { address: query }) => {
          flush();
          go(query, true);
        },
        // The shopper moved elsewhere: a choice not yet written would land after that move.
        dropPendingAddress: () => {
          writes.current.cancel?.();
          writes.current.write = undefined;
        },
      },
    });
  });
  const browse = useActorRef(logic, { input: { products, address }, inspect });

  // The address moved: the machine tells its own writes coming back from the shopper's moves.
  useEffect(() => {
    browse.send({ type: 'browse.address.changed', address });
  }, [browse, address]);
  useEffect(() => () => writes.current.cancel?.(), []);

  // A fresher list (the live catalog over the prerendered one, new search results).
  const shown = useRef(products);
  useEffect(() => {
    if (shown.current === products) return;
    shown.current = products;
    browse.send({ type: 'browse.products.changed', products });
  }, [browse, products]);

  // The price orders sorted while the page is idle, one per idle moment: the shopper's first choice of an order then
  // costs a filter, not a sort of the whole list. Not the name order: building the pt-BR collator is one task of
  // about 30 ms on a phone, too long for an idle moment, so it waits for the shopper to reach the controls
  // (browseChunk.tsx).
  const list = useSelector(browse, (s) => s.context.products);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    const orders = BROWSE_ORDERS.filter((order) => order !== 'padrao' && order !== 'nome');
    let handle = 0;
    const next = () => {
      const order = orders.shift();
      if (!order) return;
      prepareOrder(list, order);
      handle = requestIdleCallback(next);
    };
    handle = requestIdleCallback(next);
    return () => cancelIdleCallback(handle);
  }, [list]);

  return browse;
}
