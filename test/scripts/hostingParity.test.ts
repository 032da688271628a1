// @vitest-environment node
// Local = production routing: one small build folder served by Firebase's own Hosting emulator (firebase.json's
// hosting block, as deployed) and by our static server (scripts/lib/staticServer.ts), and the same questions
// asked of both: every app route, a prerendered page, catalog pages that do not exist, an unknown path, an asset
// and a missing one. Status, body and the security and cache headers must agree.
// Only the Hosting emulator runs (a Functions emulator would take a minute more), so both serve firebase.json
// without its function rewrites, as Hosting answers when the function has nothing to add; the proxy to the
// backend is checked on its own below, and through Hosting + Functions in test/e2e/production.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnChild, waitUntilServing, type ManagedChild } from '../../scripts/lib/children';
import { FIREBASE_CLI } from '../../scripts/lib/emulators';
import { findFreePort } from '../../scripts/lib/ports';
import { startStaticServer, type RunningStaticServer } from '../../scripts/lib/staticServer';
import { ROOT } from '../../scripts/lib/stack';

const page = (title: string) =>
  `<!doctype html><html lang="pt-BR"><head><title>${title}</title></head><body><div id="root"></div></body></html>`;
const APP_ROUTES = ['/login', '/sign-up', '/checkout', '/payment-confirmation', '/search', '/pedidos'];
const PATHS = [
  '/',
  ...APP_ROUTES,
  '/explore',
  '/product/bone-branco',
  '/product/nao-existe',
  '/category/nao-existe',
  '/qualquer-coisa',
  '/main.1a2b3c4d.js',
  '/images/bone-branco.svg',
  '/main.deadbeef.js',
  '/sw.js',
  '/manifest.webmanifest',
];
const COMPARED_HEADERS = [
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cache-control',
];

let root: string;
let local: RunningStaticServer | undefined;
let hosting: ManagedChild | undefined;
let hostingUrl = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hosting-parity-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'explore'), { recursive: true });
  mkdirSync(join(dist, 'product', 'bone-branco'), { recursive: true });
  mkdirSync(join(dist, 'images'));
  writeFileSync(join(dist, 'index.html'), page('home'));
  writeFileSync(join(dist, 'app-shell.html'), page('shell'));
  writeFileSync(join(dist, '404.html'), page('Página não encontrada'));
  writeFileSync(join(dist, 'explore', 'index.html'), page('explore'));
  writeFileSync(join(dist, 'product', 'bone-branco', 'index.html'), page('Boné Branco'));
  writeFileSync(join(dist, 'main.1a2b3c4d.js'), 'console.log("club");\n');
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Club Clothing"}\n');
  writeFileSync(join(dist, 'images', 'bone-branco.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');

  // firebase.json as it is, pointed at this folder and a free port; only the Hosting emulator runs.
  const firebase = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: Record<string, unknown> & { rewrites: Array<{ function?: unknown }> };
    emulators: Record<string, unknown>;
  };
  const port = await findFreePort();
  firebase.hosting.public = 'dist'; // relative to the config file, as Hosting wants it
  firebase.hosting.rewrites = firebase.hosting.rewrites.filter((rule) => rule.function === undefined);
  firebase.emulators = {
    hosting: { host: '127.0.0.1', port },
    hub: { host: '127.0.0.1', port: await findFreePort() },
    logging: { host: '127.0.0.1', port: await findFreePort() },
    ui: { enabled: false },
    singleProjectMode: true,
  };
  const config = join(root, 'firebase.json');
  writeFileSync(config, JSON.stringify(firebase));
  hosting = spawnChild(
    process.execPath,
    [FIREBASE_CLI, 'emulators:start', '--only', 'hosting', '--project', 'demo-club-clothing', '--config', config],
    {
      env: { npm_config_offline: 'true' },
    },
  );
  hostingUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(hosting, [`http-get://127.0.0.1:${port}/`], `the Hosting emulator on port ${port}`, 120_000);
  local = await startStaticServer({
    root: dist,
    port: 0,
    precompress: false,
    hosting: firebase.hosting as Parameters<typeof startStaticServer>[0]['hosting'],
  });
}, 180_000);

afterAll(async () => {
  await local?.close();
  await hosting?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function answer(base: string, path: string) {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  const headers = Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)]));
  return { status: response.status, body: await response.text(), headers };
}

describe('local static server = Firebase Hosting', () => {
  it.each(PATHS)('%s', async (path) => {
    const [production, ours] = [await answer(hostingUrl, path), await answer(local!.url, path)];
    expect(ours.status, 'status').toBe(production.status);
    expect(ours.body, 'body').toBe(production.body);
    expect(ours.headers, 'headers').toEqual(production.headers);
  });

  it('the security headers are there on both: nobody else may frame a page', async () => {
    const ours = await answer(local!.url, '/login');
    expect(ours.headers['x-frame-options']).toBe('DENY');
    expect(ours.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('function rewrites go to the backend, after the files', () => {
  let backend: Server;
  let proxy: RunningStaticServer;
  const seen: string[] = [];
  beforeAll(async () => {
    backend = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const found = request.url === '/product/nova';
      response.writeHead(found ? 200 : 404, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': found ? 'public, max-age=0' : 'no-store',
      });
      response.end(found ? '<h1>Nova</h1>' : 'nada');
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    proxy = await startStaticServer({
      root: join(root, 'dist'),
      port: 0,
      precompress: false,
      backendUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`,
    });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => backend?.close(resolve));
  });

  it('a catalog page with no file is the backend’s answer, with firebase.json’s headers over its own (as Hosting does)', async () => {
    const page = await fetch(`${proxy.url}/product/nova`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<h1>Nova</h1>');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const missing = await fetch(`${proxy.url}/category/nada`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('nada');
    expect(seen).toEqual(['GET /product/nova', 'GET /category/nada']);
  });

  it('a prerendered page is the file: the backend is not asked', async () => {
    seen.length = 0;
    const answer = await fetch(`${proxy.url}/product/bone-branco`);
    expect(await answer.text()).toBe(page('Boné Branco'));
    expect(seen).toEqual([]);
  });
});
