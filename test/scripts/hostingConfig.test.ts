// firebase.json's hosting rules against the app's own route table and the backend's routes, and the CSP
// generator against the inline scripts a prerendered page carries.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspHash, inlineScripts } from '../../scripts/hostingConfig';
import { ROOT } from '../../scripts/lib/stack';
import { EARLY_CLICKS_SCRIPT } from '../../src/earlyClicks';
import { paths } from '../../src/ui/paths';

interface Rewrite {
  source: string;
  destination?: string;
  function?: { functionId: string; region: string };
}
const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: {
    public: string;
    cleanUrls: boolean;
    rewrites: Rewrite[];
    headers: Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }>;
  };
  functions: Array<{ source: string }>;
  firestore: { rules: string; indexes: string };
};

describe('firebase.json hosting', () => {
  const rewrites = config.hosting.rewrites;

  it('serves dist with clean URLs', () => {
    expect(config.hosting.public).toBe('dist');
    expect(config.hosting.cleanUrls).toBe(true);
  });

  it('sends every backend route to the function in southamerica-east1, and nothing else', () => {
    const toFunction = rewrites.filter((r) => r.function).map((r) => r.source);
    // The catalog pages the build did not write and the sitemaps are rendered by the function on request; /api/** is the
    // search; /orders/** the shopper's return of an order.
    expect(toFunction.sort()).toEqual([
      '/api/**',
      '/category/**',
      '/create-checkout-session',
      '/health',
      '/orders/**',
      '/pay/**',
      '/product/**',
      '/sitemap.xml',
      '/sitemaps/**',
      '/webhooks/stripe',
    ]);
    for (const r of rewrites.filter((r) => r.function))
      expect(r.function).toEqual({ functionId: 'api', region: 'southamerica-east1' });
  });

  it('gives the app shell to exactly the app routes that are not prerendered; catalog paths never get the shell', () => {
    const prerendered = new Set<string>([paths.home, paths.explore, paths.category, paths.product]);
    const appRoutes = Object.values(paths).filter((path) => !prerendered.has(path));
    const toShell = rewrites.filter((r) => r.destination === '/app-shell.html').map((r) => r.source);
    expect(toShell.sort()).toEqual([...appRoutes].sort());
    expect(rewrites.some((r) => /category|product|\*\*$/.test(r.source) && r.destination)).toBe(false);
  });

  it('sets HSTS, nosniff and a referrer policy on everything; immutable cache only for hashed files', () => {
    const all = config.hosting.headers.find((h) => h.source === '**')!.headers.map((h) => h.key);
    expect(all).toEqual(
      expect.arrayContaining(['Strict-Transport-Security', 'X-Content-Type-Options', 'Referrer-Policy']),
    );
    const immutable = config.hosting.headers.find((h) => h.headers.some((x) => x.value.includes('immutable')))!;
    const hashed = new RegExp(immutable.regex!);
    expect(hashed.test('/main.fb774d86.js')).toBe(true);
    expect(hashed.test('/index.html')).toBe(false);
    expect(hashed.test('/images/jaqueta.svg')).toBe(false);
  });

  it('deploys the rules, the indexes and the function bundle', () => {
    expect(config.firestore).toEqual({ rules: 'firestore.rules', indexes: 'firestore.indexes.json' });
    expect(config.functions[0]!.source).toBe('.functions');
  });
});

describe('CSP', () => {
  const page = [
    '<html><head><script type="application/ld+json">{"@type":"Product"}</script>',
    `<script>${EARLY_CLICKS_SCRIPT}</script></head><body><div id="root"></div>`,
    '<script type="application/json" id="club-boot">{"path":"/"}</script>',
    '<script type="module" src="/main.12345678.js"></script>',
    '<script>(function(){boot()})();</script></body></html>',
  ].join('');

  it('hashes only the executable inline scripts (not JSON-LD, boot data or src= scripts)', () => {
    expect(inlineScripts(page)).toEqual([EARLY_CLICKS_SCRIPT, '(function(){boot()})();']);
    expect(cspHash(EARLY_CLICKS_SCRIPT)).toBe(
      `'sha256-${createHash('sha256').update(EARLY_CLICKS_SCRIPT).digest('base64')}'`,
    );
  });

  it('allows self, the hashes, Firebase Auth/Firestore and the authDomain frame, nothing broader', () => {
    const csp = contentSecurityPolicy({ scriptHashes: ["'sha256-abc'"], authDomain: 'club.firebaseapp.com' });
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'", "'sha256-abc'", 'https://apis.google.com']);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
    ]);
    expect(directives['frame-src']).toEqual(['https://club.firebaseapp.com']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(csp).not.toMatch(/unsafe-eval|\*/);
  });
});
