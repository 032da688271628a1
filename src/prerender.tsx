// Build-time composition root (the server twin of main.tsx): renders one catalog page of the same <App> to
// HTML with react-dom/server, over in-memory ports that hold the build's catalog snapshot. The auth state is
// unknown and the cart empty, exactly what the browser's first render sees before it has hydrated.
import { renderToString } from 'react-dom/server';
import type { AuthPort } from './adapters/auth/port';
import { memoryCartStorage } from './adapters/cartStorage/memory';
import { memoryCatalog } from './adapters/catalog/memory';
import { memoryCheckout } from './adapters/checkout/memory';
import { memoryUsers } from './adapters/users/memory';
import type { BootData } from './bootData';
import { deferAuth } from './deferredAuth';
import { App } from './ui/App';
import { createServices } from './ui/createServices';
import { getCssText, reset } from './ui/theme';

export interface RenderedPage {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** This page's stitches CSS only (the sheet is reset before each render). */
  css: string;
}

export function renderPage(boot: BootData): RenderedPage {
  reset();
  const services = createServices(
    {
      // The sign-in code never arrives on the server: the auth state stays unknown, as in the browser's first render.
      auth: deferAuth(() => new Promise<AuthPort>(() => {})),
      users: memoryUsers(),
      catalog: memoryCatalog(boot.catalog.categories),
      checkout: memoryCheckout(),
      cartStorage: memoryCartStorage(),
    },
    {
      logError: (message, error) => {
        throw new Error(`${message}: ${String(error)}`);
      },
      navigateToLogin: () => {},
      redirectTo: () => {},
    },
    { catalogSnapshot: boot.catalog },
  );
  try {
    const html = renderToString(
      <App services={services} router={{ ssrPath: boot.path }} notFoundPath={boot.notFound ? boot.path : null} />,
    );
    return { html, css: getCssText() };
  } finally {
    services.stop();
  }
}
