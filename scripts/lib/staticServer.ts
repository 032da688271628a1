// Serves a built storefront (dist/) the way a CDN in front of a SPA would: hashed bundles cached for a year,
// HTML never (a new deploy shows on the next visit), the rest for an hour; a prerendered page as its file
// (/explore → explore/index.html); an unknown /category/x or /product/x is a real 404 with the prerendered
// not-found page; any other extensionless path gets the SPA shell; a missing file is a real 404.
// Brotli/gzip files are written once at startup by precompress (best levels, skipped when fresh): compressing
// a 500 KB bundle per request capped the server at ~20 req/s on 2 cores. @fastify/compress covers the rest.
import { existsSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { execa } from 'execa';
import Fastify from 'fastify';
import { runScript, stopOnSignal } from './cli';

const PRECOMPRESS_CLI = resolve(import.meta.dirname, '..', '..', 'node_modules', 'precompress', 'dist', 'precompress.js');
const HTML = 'text/html; charset=utf-8';
/** Parcel names bundles `<name>.<8 hex>.<ext>`; only those may be cached forever. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;
/** Catalog paths: every existing one is prerendered, so one without a file does not exist. */
const CATALOG_PAGE = /^\/(category|product)\/[^/]+\/?$/;

export function cacheControlFor(filePath: string): string {
  const file = basename(filePath).replace(/\.(br|gz)$/, '');
  if (file.endsWith('.html')) return 'no-cache';
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

export interface RunningStaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `root` (a Parcel dist dir with an index.html) on `port` (0: a free one). `precompress: false` skips
 * writing .br/.gz beside the files (a read-only folder).
 */
export async function startStaticServer({ root, port, host = '127.0.0.1', logger = false, precompress = true }: {
  root: string;
  port: number;
  host?: string;
  precompress?: boolean;
  logger?: boolean;
}): Promise<RunningStaticServer> {
  const dir = resolve(root);
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`${dir}/index.html not found: build the storefront first (npm run build).`);
  if (precompress) {
    const run = await execa(process.execPath, [PRECOMPRESS_CLI, '--types', 'br,gz', '--mtime', '--silent', dir], { reject: false, all: true });
    if (run.exitCode !== 0) console.warn(`static server: could not precompress ${dir}: ${run.all}`);
  }
  const app = Fastify({ logger });
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  // A prerendered page's folder (/explore → explore/index.html) is served by @fastify/static itself.
  await app.register(fastifyStatic, {
    root: dir,
    cacheControl: false, // set per file below
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlFor(path));
      reply.header('X-Content-Type-Options', 'nosniff');
    },
  });
  const shell = existsSync(join(dir, 'app-shell.html')) ? 'app-shell.html' : 'index.html';
  app.setNotFoundHandler((request, reply) => {
    let pathname = request.url.split('?')[0] ?? '/';
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      /* keep it encoded */
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || extname(pathname) !== '') {
      return reply.code(404).header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(`Not found: ${pathname}`);
    }
    if (CATALOG_PAGE.test(pathname) && existsSync(join(dir, '404.html'))) return reply.code(404).type(HTML).sendFile('404.html');
    return reply.type(HTML).sendFile(shell);
  });
  await app.listen({ port, host });
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const shownHost = host === '127.0.0.1' ? 'localhost' : host;
  return { url: `http://${shownHost}:${listening}`, port: listening, close: () => app.close() };
}

// `npm run serve [-- --port 1234 --host 127.0.0.1 --root dist]`: serve an existing build, nothing else.
await runScript(import.meta.url, 'serve', async () => {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '1234' }, host: { type: 'string', default: '127.0.0.1' }, root: { type: 'string', default: 'dist' } },
  });
  const server = await startStaticServer({ root: values.root, port: Number(values.port), host: values.host, logger: true });
  console.log(`Serving ${resolve(values.root)} on ${server.url}`);
  stopOnSignal(server.close);
});
