// @vitest-environment node
// The storefront's static server over real HTTP: SPA fallback, cache headers, compression, real 404s.
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type RunningStaticServer } from '../../scripts/lib/staticServer';

const INDEX =
  `<!doctype html><html lang="pt-BR"><head><title>Club Clothing</title></head><body><div id="root"></div>` +
  `<script type="module" src="/main.1a2b3c4d.js"></script>${'<!-- padding -->'.repeat(100)}</body></html>`;
const BUNDLE = `console.log(${JSON.stringify('Club Clothing '.repeat(400))});`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>`;

let dir: string;
let server: RunningStaticServer;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, so the test sees the bytes on the wire (fetch would decode them silently). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`http://127.0.0.1:${server.port}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(base, 'secret.txt'), 'do not serve me');
  dir = join(base, 'dist');
  mkdirSync(join(dir, 'images'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'main.1a2b3c4d.js'), BUNDLE);
  writeFileSync(join(dir, 'images', 'bone-branco.svg'), SVG);
  server = await startStaticServer({ root: dir, port: 0 });
});

afterAll(async () => {
  await server?.close();
  rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('static server', () => {
  it('serves index.html at / without caching', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.toString()).toBe(INDEX);
  });

  it.each(['/checkout', '/payment-confirmation?success=true&session_id=cs_1', '/login', '/pedidos'])(
    'answers the app route %s (a firebase.json rewrite; this build has no app-shell.html) with index.html',
    async (path) => {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toBe(INDEX);
    },
  );

  it('caches content-hashed bundles for a year, immutable', async () => {
    const res = await get('/main.1a2b3c4d.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.toString()).toBe(BUNDLE);
  });

  it('caches unhashed files (catalog images) for an hour only', async () => {
    const res = await get('/images/bone-branco.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body.toString()).toBe(SVG);
  });

  it.each(['/main.deadbeef.js', '/images/nao-existe.svg', '/favicon.ico'])(
    'answers a missing file %s with 404, not index.html',
    async (path) => {
      const res = await get(path, { accept: 'text/html' });
      expect(res.status).toBe(404);
      expect(res.body.toString()).not.toContain('<div id="root">');
    },
  );

  it('compresses with brotli when asked, gzip otherwise, and not at all when not asked', async () => {
    const br = await get('/main.1a2b3c4d.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(BUNDLE.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(BUNDLE);

    const gzip = await get('/checkout', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(INDEX);

    const plain = await get('/main.1a2b3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BUNDLE);
  });

  it('compresses once at startup, at the best levels, beside the files (not per request)', () => {
    for (const file of ['main.1a2b3c4d.js', 'index.html']) {
      expect(existsSync(join(dir, `${file}.br`)), `${file}.br`).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).toString()).toBe(
        readFileSync(join(dir, file), 'utf8'),
      );
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).toString()).toBe(readFileSync(join(dir, file), 'utf8'));
    }
  });

  it('answers a page rewritten after startup (a build under the running server) as it is now, in every encoding', async () => {
    mkdirSync(join(dir, 'category', 'nova'), { recursive: true });
    const page = join(dir, 'category', 'nova', 'index.html');
    const before = INDEX.replace('main.1a2b3c4d.js', 'main.00000000.js');
    writeFileSync(page, before);
    // As the startup's precompress leaves it: siblings written after the page.
    writeFileSync(`${page}.br`, brotliCompressSync(before));
    writeFileSync(`${page}.gz`, gzipSync(before));
    const old = new Date(Date.now() - 60_000);
    utimesSync(page, old, old);
    expect(brotliDecompressSync((await get('/category/nova', { 'accept-encoding': 'br' })).body).toString()).toBe(
      before,
    );

    writeFileSync(page, INDEX); // the next build's page
    const br = await get('/category/nova', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(br.body).toString()).toBe(INDEX);
    const gzip = await get('/category/nova/', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.body).toString()).toBe(INDEX);
    expect((await get('/category/nova')).body.toString()).toBe(INDEX);
  });

  it('revalidates index.html with an ETag (304)', async () => {
    const first = await get('/');
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    const second = await get('/', { 'if-none-match': String(etag) });
    expect(second.status).toBe(304);
  });

  it.each(['/..%2fsecret.txt', '/../secret.txt', '/images/..%2f..%2fsecret.txt'])(
    'does not serve a file outside the root through %s',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.body.toString()).not.toContain('do not serve me');
    },
  );

  it('refuses to start without an index.html', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'static-empty-'));
    try {
      await expect(startStaticServer({ root: empty, port: 0 })).rejects.toThrow(/index\.html not found/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('a prerendered build', () => {
  let prerendered: RunningStaticServer;
  let root: string;
  const page = (what: string) => `<!doctype html><title>${what}</title><div id="root">${what}</div>`;
  const getFrom = (path: string) =>
    new Promise<{ status: number; body: string; cache: string | undefined }>((resolve, reject) => {
      const req = request(`http://127.0.0.1:${prerendered.port}${path}`, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cache: res.headers['cache-control'] as string | undefined,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-prerendered-'));
    writeFileSync(join(root, 'index.html'), page('home'));
    writeFileSync(join(root, 'app-shell.html'), page('shell'));
    writeFileSync(join(root, '404.html'), page('Página não encontrada'));
    mkdirSync(join(root, 'explore'));
    writeFileSync(join(root, 'explore', 'index.html'), page('explore'));
    mkdirSync(join(root, 'product', 'bone-branco'), { recursive: true });
    writeFileSync(join(root, 'product', 'bone-branco', 'index.html'), page('Boné Branco'));
    prerendered = await startStaticServer({ root, port: 0, precompress: false });
  });
  afterAll(async () => {
    await prerendered?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves each prerendered page as its file, never cached', async () => {
    expect(await getFrom('/')).toMatchObject({ status: 200, body: page('home'), cache: 'no-cache' });
    expect(await getFrom('/explore')).toMatchObject({ status: 200, body: page('explore'), cache: 'no-cache' });
    expect(await getFrom('/product/bone-branco')).toMatchObject({ status: 200, body: page('Boné Branco') });
    expect(await getFrom('/product/bone-branco?utm=x')).toMatchObject({ status: 200, body: page('Boné Branco') });
  });

  it('answers 404 with the not-found page for catalog paths that were not prerendered', async () => {
    for (const path of ['/product/nao-existe', '/category/nao-existe', '/category/nao-existe/']) {
      expect(await getFrom(path), path).toMatchObject({ status: 404, body: page('Página não encontrada') });
    }
  });

  it('answers the SPA shell (not the prerendered home) for the app routes firebase.json rewrites', async () => {
    for (const path of ['/login', '/sign-up', '/checkout', '/payment-confirmation', '/search', '/pedidos']) {
      expect(await getFrom(path), path).toMatchObject({ status: 200, body: page('shell') });
    }
  });

  it('answers any other path as Hosting does: 404 with the not-found page', async () => {
    for (const path of ['/qualquer-coisa', '/login/extra', '/explore/nada']) {
      expect(await getFrom(path), path).toMatchObject({ status: 404, body: page('Página não encontrada') });
    }
  });

  it('never serves a file outside its folder through a crafted page path', async () => {
    const response = await getFrom('/..%2F..%2Fetc');
    expect(response.body).not.toContain('root:');
    expect(response).toMatchObject({ status: 404, body: page('Página não encontrada') });
  });
});
