// Serves a built storefront (dist/) the way Firebase Hosting serves it in production, from the same
// firebase.json: its `hosting.rewrites` (the app routes → app-shell.html; a rewrite to the `api` function → the
// local backend at `backendUrl`, as Hosting proxies to the function), its `hosting.headers` (security headers
// and cache rules) on every answer, and Hosting's 404: a path that is neither a file, a prerendered page
// (/explore → explore/index.html) nor a rewrite answers 404 with dist/404.html. firebase.json's headers apply to
// the backend's answers too, over the backend's own, as Hosting applies them. As in Hosting, a file wins over
// every rewrite: /product/<id> is the prerendered page when there is one, else the backend renders it
// (server/render/). Files firebase.json gives no cache rule keep Hosting's default of an hour.
// test/scripts/hostingParity.test.ts serves one folder through both and compares the answers.
// Brotli/gzip files are written once at startup by precompress (best levels, skipped when fresh): compressing
// a 500 KB bundle per request capped the server at ~20 req/s on 2 cores. @fastify/compress covers the rest.
import { existsSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import { basename, join, matchesGlob, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { execa } from 'execa';
import Fastify from 'fastify';
import { DEFAULT_PORTS } from '../../src/sharedConstants';
import { runScript, stopOnSignal } from './cli';

const PRECOMPRESS_CLI = resolve(
  import.meta.dirname,
  '..',
  '..',
  'node_modules',
  'precompress',
  'dist',
  'precompress.js',
);
const FIREBASE_JSON = resolve(import.meta.dirname, '..', '..', 'firebase.json');
const HTML = 'text/html; charset=utf-8';
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'host',
  'proxy-connection',
  'te',
  'trailer',
]);
/** Parcel names bundles `<name>.<8 hex>.<ext>`; only those may be cached forever. */
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/i;

interface HostingConfig {
  rewrites?: Array<{ source?: string; regex?: string; destination?: string; function?: unknown }>;
  headers?: Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }>;
}

/** Hosting's matching of a `source` glob or a `regex` against a request path. */
const matches = (rule: { source?: string; regex?: string }, path: string) =>
  rule.regex !== undefined
    ? new RegExp(rule.regex).test(path)
    : rule.source !== undefined && matchesGlob(path, rule.source);

/** What firebase.json's hosting block says about a path: its rewrite destination and its headers, in order. */
export function hostingRules(hosting: HostingConfig) {
  // Hosting takes the first rewrite that matches.
  const rewriteOf = (path: string) => hosting.rewrites?.find((rule) => matches(rule, path)) ?? null;
  return {
    /** The file an app route is rewritten to (`/login` → `/app-shell.html`); null for a path with no such rewrite. */
    destinationOf: (path: string) => rewriteOf(path)?.destination ?? null,
    /** Whether the path is rewritten to a function (the backend). */
    toFunction: (path: string) => rewriteOf(path)?.function !== undefined,
    /** Every header of every matching entry; a later entry's value wins, as in Hosting. */
    headersOf: (path: string) => {
      const headers = new Map<string, string>();
      for (const entry of hosting.headers ?? [])
        if (matches(entry, path)) for (const { key, value } of entry.headers) headers.set(key.toLowerCase(), value);
      return headers;
    },
  };
}

export const readHostingConfig = (file = FIREBASE_JSON): HostingConfig =>
  (JSON.parse(readFileSync(file, 'utf8')) as { hosting: HostingConfig }).hosting;

/** The request's path, decoded when it can be (Hosting matches rules against the decoded path). */
function pathOf(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

export function cacheControlFor(filePath: string): string {
  const file = basename(filePath).replace(/\.(br|gz)$/, '');
  if (file.endsWith('.html')) return 'no-cache';
  return HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

const COMPRESSED_SIBLINGS = ['.br', '.gz'];
/** The file's mtime, or undefined when there is no such file (a path through a file is no file either). */
function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Deletes `file`'s .br/.gz when the file was written after them (a build or a prerender while the server runs):
 * @fastify/static would otherwise keep answering the old page, whose scripts may be an old build's.
 */
export function dropStaleCompressed(file: string): void {
  const written = mtimeOf(file);
  if (written === undefined) return;
  for (const extension of COMPRESSED_SIBLINGS) {
    const compressed = mtimeOf(file + extension);
    if (compressed !== undefined && compressed < written) unlinkSync(file + extension);
  }
}

/** The files under `dir` a request path may be answered with: the path itself, its folder's index.html. */
function filesForPath(dir: string, path: string): string[] {
  const file = resolve(dir, `.${path}`);
  if (relative(dir, file).startsWith('..')) return [];
  return path.endsWith('/') ? [join(file, 'index.html')] : [file, join(file, 'index.html')];
}

export interface RunningStaticServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Writes a .br and a .gz beside every file of `dir` (best levels) that has none newer than itself. A copy that
 * keeps the timestamps (cpSync's preserveTimestamps) keeps its compressed files too, so a build compressed once
 * is compressed once for every server of its copies; only what changed since is compressed again.
 */
export async function precompressFolder(dir: string): Promise<void> {
  const run = await execa(process.execPath, [PRECOMPRESS_CLI, '--types', 'br,gz', '--mtime', '--silent', dir], {
    reject: false,
    all: true,
  });
  if (run.exitCode !== 0) console.warn(`static server: could not precompress ${dir}: ${run.all}`);
}

/**
 * Serves `root` (a Parcel dist dir with an index.html) on `port` (0: a free one). `precompress: false` skips
 * writing .br/.gz beside the files (a read-only folder).
 */
export async function startStaticServer({
  root,
  port,
  host = '127.0.0.1',
  logger = false,
  precompress = true,
  hosting = readHostingConfig(),
  backendUrl,
}: {
  root: string;
  port: number;
  host?: string;
  precompress?: boolean;
  logger?: boolean;
  /** firebase.json's `hosting` block (a test may hand in another). */
  hosting?: HostingConfig;
  /** Where function rewrites go (the local backend); without it they answer as paths with no rewrite. */
  backendUrl?: string;
}): Promise<RunningStaticServer> {
  const dir = resolve(root);
  if (!existsSync(join(dir, 'index.html')))
    throw new Error(`${dir}/index.html not found: build the storefront first (npm run build).`);
  if (precompress) await precompressFolder(dir);
  const rules = hostingRules(hosting);
  const app = Fastify({ logger });
  if (precompress) {
    // The .br/.gz written at startup go stale when the build rewrites a file under a running server.
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = pathOf(request.url);
      const destination = rules.destinationOf(path);
      const candidates = [
        ...filesForPath(dir, path),
        join(dir, '404.html'),
        ...(destination ? filesForPath(dir, destination) : []),
      ];
      for (const file of candidates) dropStaleCompressed(file);
    });
  }
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  // The bodies of proxied requests pass through untouched (the Stripe webhook's signature covers the bytes).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  // firebase.json's headers for the request's path, on every answer (files, rewrites, the backend's answers, 404s),
  // over the default cache: Hosting's headers win over a function's own too.
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [key, value] of rules.headersOf(pathOf(request.url))) void reply.header(key, value);
    return payload;
  });
  // A prerendered page's folder (/explore → explore/index.html) is served by @fastify/static itself.
  await app.register(fastifyStatic, {
    root: dir,
    cacheControl: false, // set per file below
    preCompressed: true,
    setHeaders: (reply, path) => {
      reply.header('Cache-Control', cacheControlFor(path));
    },
  });
  // A rewrite whose file this build lacks (a build without prerendering) falls back to Parcel's index.html.
  const fileOrShell = (destination: string) => (existsSync(join(dir, destination)) ? destination : 'index.html');
  const notFound = existsSync(join(dir, '404.html')) ? '404.html' : null;
  const backend = backendUrl ? new URL(backendUrl) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOf(request.url);
    if (backend && rules.toFunction(pathname)) {
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || HOP_BY_HOP.has(key)) continue;
        for (const item of Array.isArray(value) ? value : [value]) headers.append(key, item);
      }
      headers.set('x-forwarded-host', request.headers.host ?? '');
      headers.set('x-forwarded-for', request.ip);
      const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? new Uint8Array(request.body) : undefined;
      const upstream = await fetch(new URL(request.url, backend), {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
      });
      upstream.headers.forEach((value, key) => {
        // fetch has decoded the body: its length and encoding are the proxy's to set again.
        if (HOP_BY_HOP.has(key) || key === 'content-encoding' || key === 'content-length') return;
        void reply.header(key, value);
      });
      // Hosting's proxy marks an answer without a cache rule as private.
      if (!upstream.headers.has('cache-control')) void reply.header('cache-control', 'private');
      return reply.code(upstream.status).send(Buffer.from(await upstream.arrayBuffer()));
    }
    const destination = request.method === 'GET' || request.method === 'HEAD' ? rules.destinationOf(pathname) : null;
    if (destination)
      return reply
        .header('Cache-Control', 'no-cache')
        .type(HTML)
        .sendFile(fileOrShell(destination.replace(/^\//, '')));
    if (notFound && (request.method === 'GET' || request.method === 'HEAD'))
      return reply.code(404).header('Cache-Control', 'no-cache').type(HTML).sendFile(notFound);
    return reply
      .code(404)
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send(`Not found: ${pathname}`);
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
    options: {
      port: { type: 'string', default: String(DEFAULT_PORTS.storefront) },
      host: { type: 'string', default: '127.0.0.1' },
      root: { type: 'string', default: 'dist' },
    },
  });
  const server = await startStaticServer({
    root: values.root,
    port: Number(values.port),
    host: values.host,
    logger: true,
  });
  console.log(`Serving ${resolve(values.root)} on ${server.url}`);
  stopOnSignal(server.close);
});
