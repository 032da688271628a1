// @vitest-environment node
// startLocalStack — what `npm start` runs — on free ports, end to end: emulators with the rules, the seeded
// catalog, the backend wired to the storefront's origin, the storefront built with this stack's addresses and
// served by the static server; then a clean stop (ports free again) and a restart that finds its data.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPortFree } from '../../scripts/lib/ports';
import { startLocalStack, type LocalStack } from '../../scripts/lib/stack';

let work: string;
let stack: LocalStack | null = null;

const firestoreRest = (host: string, path: string, init?: RequestInit) =>
  fetch(`${host}/v1/projects/demo-club-clothing/databases/(default)/documents/${path}`, {
    ...init,
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json', ...init?.headers },
  });

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'local-stack-'));
  stack = await startLocalStack({
    dataDir: join(work, 'data'),
    distDir: join(work, 'dist'),
    // Its own cache: this build bakes other ports into the bundle than `npm start`'s (and a fresh distDir
    // gets a cold cache anyway, see buildStorefront).
    cacheDir: join(work, 'parcel-cache'),
  });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('startLocalStack', () => {
  it('serves the built storefront, SPA routes and catalog images', async () => {
    const home = await fetch(`${stack!.urls.storefront}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await home.text()).toMatch(/<html lang="?pt-BR"?>/);

    const route = await fetch(`${stack!.urls.storefront}/category/hats`);
    expect(route.status).toBe(200);
    expect(route.headers.get('content-type')).toMatch(/^text\/html/);

    const image = await fetch(`${stack!.urls.storefront}/images/bone-branco.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it("builds the storefront with this stack's addresses, not the defaults", () => {
    const dist = join(work, 'dist');
    const js = readdirSync(dist)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(dist, file), 'utf8'))
      .join('\n');
    // Booleans, not toContain: a failure must not print a whole minified bundle.
    expect(js.includes(`"http://localhost:${stack!.ports.backend}"`), 'BACKEND_URL').toBe(true);
    expect(js.includes(`"127.0.0.1:${stack!.ports.firestore}"`), 'FIRESTORE_EMULATOR_HOST').toBe(true);
    expect(js.includes(`"http://127.0.0.1:${stack!.ports.auth}"`), 'AUTH_EMULATOR_URL').toBe(true);
  });

  it('seeds the catalog into the Firestore emulator and loads firestore.rules', async () => {
    expect(stack!.seed).toMatchObject({ status: 'seeded', categories: 5, products: 40 });
    const response = await firestoreRest(stack!.urls.firestoreEmulator, 'categories');
    const body = (await response.json()) as { documents: Array<{ name: string }> };
    expect(body.documents.map((doc) => doc.name.split('/').pop()).sort()).toEqual(['female', 'hats', 'jackets', 'male', 'sneakers']);

    const rules = await fetch(`${stack!.urls.firestoreEmulator}/emulator/v1/projects/demo-club-clothing:securityRules`);
    expect(JSON.stringify(await rules.json())).toContain('service cloud.firestore');
  });

  it("runs the backend, accepting the storefront's origin only", async () => {
    const health = await fetch(`${stack!.urls.backend}/health`);
    expect(await health.json()).toMatchObject({ ok: true, provider: 'simulated' });

    const preflight = (origin: string) =>
      fetch(`${stack!.urls.backend}/create-checkout-session`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    expect((await preflight(stack!.urls.storefront!)).headers.get('access-control-allow-origin')).toBe(stack!.urls.storefront);
    expect((await preflight('http://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stops everything, keeps the data in dataDir, and a restart does not seed again', async () => {
    const marker = await firestoreRest(stack!.urls.firestoreEmulator, 'categories?documentId=promo', {
      method: 'POST',
      body: JSON.stringify({ fields: { id: { stringValue: 'promo' } } }),
    });
    expect(marker.status).toBe(200);
    const { ports } = stack!;
    await stack!.stop();
    stack = null;
    for (const port of Object.values(ports)) expect(await isPortFree(port), `port ${port}`).toBe(true);

    stack = await startLocalStack({ dataDir: join(work, 'data'), storefront: 'none', backend: false });
    expect(stack.seed).toMatchObject({ status: 'skipped', existing: 6 });
    const promo = await firestoreRest(stack.urls.firestoreEmulator, 'categories/promo');
    expect(promo.status).toBe(200);
  }, 120_000);
});
