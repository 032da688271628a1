// The service worker's build step (scripts/build-sw.ts): prerendered files under the addresses Hosting serves them
// at, the app routes read from firebase.json, the backend and Google's APIs left to the network.
import { describe, expect, it } from 'vitest';
import { appShellRoutes, NETWORK_ONLY, pageUrl } from '../../scripts/build-sw';

describe('build-sw', () => {
  it('precaches a prerendered page under its clean address', () => {
    expect(pageUrl('index.html')).toBe('/');
    expect(pageUrl('explore/index.html')).toBe('/explore');
    expect(pageUrl('category/jackets/index.html')).toBe('/category/jackets');
    expect(pageUrl('app-shell.html')).toBe('/app-shell.html');
    expect(pageUrl('main.1a2b3c4d.js')).toBe('/main.1a2b3c4d.js');
  });

  it('falls back to the app shell on exactly the routes firebase.json rewrites to it', () => {
    expect(appShellRoutes().sort()).toEqual([
      '/checkout',
      '/login',
      '/payment-confirmation',
      '/pedidos',
      '/search',
      '/sign-up',
    ]);
  });

  it.each([
    ['https://club.web.app/create-checkout-session', true],
    ['https://club.web.app/pay/cs_123?step=pix', true],
    ['https://club.web.app/webhooks/stripe', true],
    ['https://club.web.app/orders/cs_123/return', true],
    ['https://club.web.app/health', true],
    ['http://localhost:5000/create-checkout-session', true],
    ['https://firestore.googleapis.com/v1/projects/x/databases/(default)/documents/categories', true],
    ['https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', true],
    ['https://club.web.app/product/healthy-shirt', false],
    ['https://club.web.app/category/jackets', false],
    ['https://club.web.app/payment-confirmation', false],
    ['https://club.web.app/images/jaqueta.svg', false],
  ])('%s network only: %s', (url, networkOnly) => {
    expect(NETWORK_ONLY.some((pattern) => pattern.test(url))).toBe(networkOnly);
  });
});
