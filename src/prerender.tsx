// Build-time composition root (the server twin of main.tsx): renders one catalog page of the same <App> to
// HTML with react-dom/static, which waits for lazy parts (the search bar's chunk, the product page's delivery
// estimator) so the HTML is complete and hydration never falls back to client rendering. The ports are in
// memory and hold the build's catalog snapshot; the auth state is unknown and the cart empty, as in the
// browser's first render before hydration.
import { prerenderToNodeStream } from 'react-dom/static';
import type { AuthPort } from './adapters/auth/authPort';
import { memoryCartStorage } from './adapters/cartStorage/memoryCartStorage';
import { memoryCatalog } from './adapters/catalog/memoryCatalog';
import { memoryOrders } from './adapters/orders/memoryOrders';
import { memoryCheckout } from './adapters/checkout/memoryCheckout';
import { memoryDeliveryCep } from './adapters/deliveryCep/memoryDeliveryCep';
import { memoryNavigation } from './adapters/navigation/memoryNavigation';
import { memoryUsers } from './adapters/users/memoryUsers';
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

export async function renderPage(boot: BootData): Promise<RenderedPage> {
  reset();
  const services = createServices(
    {
      // The sign-in code never arrives on the server: the auth state stays unknown, as in the browser's first render.
      auth: deferAuth(() => new Promise<AuthPort>(() => {})),
      users: memoryUsers(),
      catalog: memoryCatalog(boot.catalog.categories),
      checkout: memoryCheckout(),
      orders: memoryOrders(),
      cartStorage: memoryCartStorage(),
      // No saved CEP on the server: product pages carry an empty CEP form, as the browser's first render draws it.
      deliveryCep: memoryDeliveryCep(),
      // Nothing navigates on the server: the page's own address.
      navigation: memoryNavigation(boot.path),
    },
    {
      logError: (message, error) => {
        throw new Error(`${message}: ${String(error)}`);
      },
      navigateToLogin: () => {},
      redirectTo: () => {},
    },
    { catalogSnapshot: boot.catalog, stockSnapshot: boot.stock },
  );
  try {
    const { prelude } = await prerenderToNodeStream(
      <App services={services} router={{ ssrPath: boot.path }} notFoundPath={boot.notFound ? boot.path : null} />,
      // Every boundary inline, in place: React outlines a large one (/explore's page) into a hidden segment that
      // an inline script moves into place, so without JavaScript the page showed only its loading overlay.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const chunks: Buffer[] = [];
    for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
    return { html: Buffer.concat(chunks).toString('utf8'), css: getCssText() };
  } finally {
    services.stop();
  }
}
