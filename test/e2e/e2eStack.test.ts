// startLocalStack — what `npm start` runs — as the e2e project's global setup started it on free ports: the
// storefront's pages carrying this stack's addresses, served by the static server, the seeded catalog, the rules,
// the backend wired to the storefront's origin. Its stop and restart with a data folder are in
// test/scripts/launcher.test.ts (a stack of its own, without a storefront build).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { awaitE2EStack, e2eSkipReason, type E2EStack } from './support/e2e';

const firestoreRest = (host: string, path: string) =>
  fetch(`${host}/v1/projects/demo-club-clothing/databases/(default)/documents/${path}`, {
    headers: { authorization: 'Bearer owner' },
  });

describe.skipIf(e2eSkipReason())('startLocalStack (the e2e stack)', () => {
  let stack: E2EStack;
  beforeAll(async () => {
    stack = await awaitE2EStack();
  }, 900_000);

  it('serves the built storefront, SPA routes and catalog images', async () => {
    const home = await fetch(`${stack.storefront}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await home.text()).toMatch(/<html lang="?pt-BR"?>/);

    const route = await fetch(`${stack.storefront}/category/hats`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/^text\/html/);

    const image = await fetch(`${stack.storefront}/images/bone-branco.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it("gives the storefront this stack's addresses in every page, not the defaults", () => {
    // The run's one local build, with `npm start`'s addresses; each page carries this stack's, which win.
    for (const file of ['index.html', 'app-shell.html', '404.html', 'explore/index.html']) {
      const html = readFileSync(join(stack.distDir, file), 'utf8');
      const block = /<script type="application\/json" id="club-settings">([^<]*)<\/script>/.exec(html)?.[1];
      expect(block, file).toBeDefined();
      expect(JSON.parse(block!), file).toMatchObject({
        BACKEND_URL: `http://localhost:${stack.ports.backend}`,
        FIRESTORE_EMULATOR_HOST: `127.0.0.1:${stack.ports.firestore}`,
        AUTH_EMULATOR_URL: `http://127.0.0.1:${stack.ports.auth}`,
      });
    }
    expect(Object.values(stack.ports)).not.toContain(8080);
  });

  it('seeds the catalog into the Firestore emulator and loads firestore.rules', async () => {
    expect(stack.seed).toMatchObject({ status: 'seeded', categories: 5, products: 40 });
    const response = await firestoreRest(`http://${stack.firestoreHost}`, 'categories');
    const body = (await response.json()) as { documents: Array<{ name: string }> };
    expect(body.documents.map((doc) => doc.name.split('/').pop()).sort()).toEqual([
      'female',
      'hats',
      'jackets',
      'male',
      'sneakers',
    ]);

    const rules = await fetch(`http://${stack.firestoreHost}/emulator/v1/projects/demo-club-clothing:securityRules`);
    expect(JSON.stringify(await rules.json())).toContain('service cloud.firestore');
  });

  it("runs the backend, accepting the storefront's origin only", async () => {
    const health = await fetch(`${stack.backend}/health`);
    expect(await health.json()).toMatchObject({ ok: true, provider: 'simulated' });

    const preflight = (origin: string) =>
      fetch(`${stack.backend}/create-checkout-session`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,authorization',
        },
      });
    expect((await preflight(stack.storefront)).headers.get('access-control-allow-origin')).toBe(stack.storefront);
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
