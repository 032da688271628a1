// Serves the built storefront (dist/) the way a CDN in front of a SPA would:
//   - files as they are; Parcel's content-hashed bundles (`main.fb774d86.js`) cached for a year, immutable;
//   - index.html never cached (`no-cache`), so a new deploy is picked up on the next visit;
//   - other files (the catalog's images) cached for an hour;
//   - a prerendered page is served as its file: /explore → explore/index.html, /product/x → product/x/index.html;
//   - an unknown /category/x or /product/x (not prerendered) is a real 404 with the prerendered not-found page;
//   - any other path without a file extension (/checkout, /login) answers the SPA shell (app-shell.html, or
//     index.html for a build that was not prerendered): the SPA routes it;
//   - a missing file (/main.deadbeef.js, /images/nope.svg) is a real 404, never index.html;
//   - brotli or gzip for text (HTML, JS, CSS, SVG) per Accept-Encoding, compressed once at startup at the
//     best levels (`file.br`, `file.gz` beside each file) — compressing a 500 KB bundle per request capped
//     the server at ~20 req/s on 2 cores; @fastify/compress remains for anything not precompressed.
import { existsSync } from 'node:fs';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { basename, extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_NONE = 'no-cache';
export const CACHE_SHORT = 'public, max-age=3600';

/** Parcel names bundles `<name>.<8 hex>.<ext>`; only those may be cached forever. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

export function cacheControlFor(filePath: string): string {
  const file = basename(filePath).replace(/\.(br|gz)$/, '');
  if (file.endsWith('.html')) return CACHE_NONE;
  if (HASHED.test(file)) return CACHE_IMMUTABLE;
  return CACHE_SHORT;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/i;
const MIN_COMPRESS_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `root` (≥ 1 KB) that lacks a fresh one.
 * Returns how many files were written.
 */
export async function precompress(root: string): Promise<number> {
  let written = 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) {
        await walk(path);
        continue;
      }
      if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
      const source = await stat(path);
      if (source.size < MIN_COMPRESS_BYTES) continue;
      let content: Buffer | null = null;
      for (const [suffix, compress] of [
        ['.br', (b: Buffer) => brotli(b, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: b.length } })],
        ['.gz', (b: Buffer) => gzipAsync(b, { level: 9 })],
      ] as const) {
        const target = `${path}${suffix}`;
        const existing = await stat(target).catch(() => null);
        if (existing && existing.mtimeMs >= source.mtimeMs) continue;
        content ??= await readFile(path);
        await writeFile(target, await compress(content));
        written += 1;
      }
    }
  };
  await walk(root);
  return written;
}

// File names the prerender (scripts/prerender.ts) writes.
const APP_SHELL_FILE = 'app-shell.html';
const NOT_FOUND_FILE = '404.html';
/** Catalog paths: every existing one is prerendered, so one without a file does not exist. */
const CATALOG_PAGE = /^\/(category|product)\/[^/]+\/?$/;

/** `<root>/<path>/index.html` when the prerender wrote one (never outside root). */
export function prerenderedPage(root: string, pathname: string): string | null {
  const file = resolve(root, `.${join('/', pathname, 'index.html')}`);
  if (!file.startsWith(root + sep) || !existsSync(file)) return null;
  return file.slice(root.length + 1);
}

export interface StaticServerOptions {
  /** The folder to serve (a Parcel dist dir with an index.html). */
  root: string;
  /** Write .br/.gz beside the files at startup (default true; off for a read-only folder). */
  precompress?: boolean;
  /** Fastify logger; off by default (the launcher prints its own banner). */
  logger?: boolean;
}

export async function buildStaticServer({ root, logger = false, precompress: shouldPrecompress = true }: StaticServerOptions): Promise<FastifyInstance> {
  const dir = resolve(root);
  if (!existsSync(resolve(dir, 'index.html'))) {
    throw new Error(`${dir}/index.html not found: build the storefront first (npm run build).`);
  }
  if (shouldPrecompress) {
    // A read-only folder still works: @fastify/compress then compresses per request.
    await precompress(dir).catch((error: unknown) => console.warn(`static server: could not precompress ${dir}: ${String(error)}`));
  }
  const app = Fastify({ logger });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  await app.register(fastifyStatic, {
    root: dir,
    cacheControl: false, // set per file below
    preCompressed: true, // file.br / file.gz when the client accepts them
    etag: true,
    lastModified: true,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlFor(path));
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
  const shell = existsSync(resolve(dir, APP_SHELL_FILE)) ? APP_SHELL_FILE : 'index.html';
  app.setNotFoundHandler((request, reply) => {
    const pathname = safeDecode(request.url.split('?')[0] ?? '/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && extname(pathname) === '';
    if (wantsPage) {
      const page = prerenderedPage(dir, pathname);
      if (page) return reply.type('text/html; charset=utf-8').sendFile(page);
      if (CATALOG_PAGE.test(pathname) && existsSync(resolve(dir, NOT_FOUND_FILE))) {
        return reply.code(404).type('text/html; charset=utf-8').sendFile(NOT_FOUND_FILE);
      }
      return reply.type('text/html; charset=utf-8').sendFile(shell);
    }
    return reply
      .code(404)
      .header('Cache-Control', CACHE_NONE)
      .type('text/plain; charset=utf-8')
      .send(`Not found: ${pathname}`);
  });
  return app;
}

export interface RunningStaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Builds and listens; `port: 0` picks a free one. */
export async function startStaticServer(
  options: StaticServerOptions & { port: number; host?: string },
): Promise<RunningStaticServer> {
  const app = await buildStaticServer(options);
  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = !options.host || options.host === '127.0.0.1' ? 'localhost' : options.host;
  return { url: `http://${shownHost}:${port}`, port, close: () => app.close() };
}

// `npm run serve [-- --port 1234 --host 127.0.0.1 --root dist]`: serve an existing build, nothing else.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '1234' }, host: { type: 'string', default: '127.0.0.1' }, root: { type: 'string', default: 'dist' } },
  });
  const server = await startStaticServer({ root: values.root, port: Number(values.port), host: values.host, logger: true });
  console.log(`Serving ${resolve(values.root)} on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
