// The search bar renders the same on the server and on the first client render. It server-renders and hydrates
// in one realm, which production never does: the server renderer can leave a context value behind for the next
// file in a shared worker (a later hydration then reads the server's location), so this file runs in a module
// graph of its own (`*.isolated.dom.test.tsx`, vitest.config.ts).
import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { hydrateRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { catalog as seedCatalog } from '../../seed/seedCatalog';
import { memoryAuth } from '../../src/adapters/auth/memoryAuth';
import { memoryCartStorage } from '../../src/adapters/cartStorage/memoryCartStorage';
import { memoryCatalog } from '../../src/adapters/catalog/memoryCatalog';
import { memoryOrders } from '../../src/adapters/orders/memoryOrders';
import { memoryCheckout } from '../../src/adapters/checkout/memoryCheckout';
import { memoryDeliveryCep } from '../../src/adapters/deliveryCep/memoryDeliveryCep';
import { memoryUsers } from '../../src/adapters/users/memoryUsers';
import { createBrowserNavigation } from '../../src/adapters/navigation/browserNavigation';
import { createServices } from '../../src/ui/createServices';
import type { Category } from '../../src/domain';
import { loadSearch } from '../../src/features/search/searchLoader';
import { SearchSlot } from '../../src/features/search/searchSlot';
import { ServicesProvider } from '../../src/ui/services';

const shop = () => memoryCatalog(seedCatalog as Category[]);

describe('search bar, server and client', () => {
  it('renders the same on the server and on the first client render (hydrates without a mismatch)', async () => {
    // Services alone (no rendered app beside it: two renderers sharing the contexts would only warn about that).
    const services = createServices(
      {
        auth: memoryAuth(),
        users: memoryUsers(),
        catalog: shop(),
        checkout: memoryCheckout(),
        orders: memoryOrders(),
        cartStorage: memoryCartStorage(),
        deliveryCep: memoryDeliveryCep(),
        navigation: createBrowserNavigation(window),
      },
      { logError: () => {}, navigateToLogin: () => {}, redirectTo: () => {} },
    );
    await loadSearch(services);
    // The prerender's way: wouter's browser location with ssrPath on the server, the real location on the client;
    // react-dom/static waits for the field's lazy chunk, so the page carries the whole field.
    const tree = (ssr: boolean) => (
      <ServicesProvider services={services}>
        <Router {...(ssr ? { ssrPath: '/', ssrSearch: '' } : {})}>
          <SearchSlot />
        </Router>
      </ServicesProvider>
    );
    const { prelude } = await prerender(tree(true));
    const html = await new Response(prelude).text();
    expect(html).toContain('role="search"');
    expect(html).toContain('Buscar produtos');
    window.history.replaceState(null, '', '/');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const root = await act(async () => hydrateRoot(container, tree(false), { onRecoverableError: recoverable }));
      expect(recoverable).not.toHaveBeenCalled();
      // React's dev build warns when one realm runs the server and the client renderer over the same contexts
      // (a real prerender runs in its own process): that warning is the only one allowed here.
      const errors = consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300));
      expect(errors.filter((e) => !e.startsWith('Detected multiple renderers concurrently'))).toEqual([]);
      const serverMarkup = document.createElement('div');
      serverMarkup.innerHTML = html;
      expect(container.innerHTML).toBe(serverMarkup.innerHTML);
      act(() => root.unmount());
    } finally {
      consoleError.mockRestore();
      container.remove();
      services.stop();
    }
  });

  it('has teeth: a bar that differs on the client is reported as a mismatch', async () => {
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = document.createElement('div');
    container.innerHTML = renderToString(<input id="server" readOnly />);
    document.body.append(container);
    try {
      const root = await act(async () =>
        hydrateRoot(container, <input id="client" readOnly />, { onRecoverableError: recoverable }),
      );
      expect(recoverable.mock.calls.length + consoleError.mock.calls.length).toBeGreaterThan(0);
      act(() => root.unmount());
    } finally {
      consoleError.mockRestore();
      container.remove();
    }
  });
});
