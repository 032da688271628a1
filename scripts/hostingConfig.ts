// Writes the Firebase config used for deploy and preview (firebase.deploy.json, beside firebase.json so every
// relative path stays valid): firebase.json plus the storefront's Content-Security-Policy, whose script-src
// lists the SHA-256 of every inline script of the build — the early-click catcher (src/earlyClicks.ts), the CEP
// form's submit stopper (src/earlyCep.ts), the shared-link grid holder (src/earlyBrowse.ts) and the boot loader (scripts/prerender.ts, which names the build's
// hashed bundles, so its hash changes each build).
// JSON-LD and application/json blocks are data, never executed: not listed. `npm run build:prod` runs it;
// test/scripts/hostingConfig.test.ts recomputes the hashes from a build and compares.
import { createHash } from 'node:crypto';
import { PIX_SCRIPT_HASH } from '../server/payments/payPageMarkup';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { ROOT } from './lib/stack';

export const DEPLOY_CONFIG = 'firebase.deploy.json';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const EXECUTABLE_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** The inline scripts a browser would run in this HTML (not `src=`, not data blocks). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*"?([^"\s>]+)"?/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type) || body.length === 0) continue;
    scripts.push(body);
  }
  return scripts;
}

export const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

export interface CspOptions {
  scriptHashes: readonly string[];
  /** FIREBASE_AUTH_DOMAIN: the Google sign-in popup's helper iframe comes from there. */
  authDomain: string;
  /** Extra connect-src origins (the preview's local emulators). */
  extraConnect?: readonly string[];
}

/** What the shop loads, and nothing else. */
export function contentSecurityPolicy({ scriptHashes, authDomain, extraConnect = [] }: CspOptions): string {
  return [
    "default-src 'self'",
    // Firebase Auth's popup sign-in loads Google's API loader (gapi) to talk to its helper iframe.
    `script-src 'self' ${scriptHashes.join(' ')} https://apis.google.com`,
    // The backend is same-origin ('self'); Firebase Auth and Firestore (lite: REST) are Google APIs.
    [
      'connect-src',
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://firestore.googleapis.com',
      ...extraConnect,
    ].join(' '),
    `frame-src https://${authDomain}`,
    "img-src 'self' data:",
    // Stitches: each prerendered page inlines its CSS, and the runtime adds rules as components mount.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    "manifest-src 'self'",
    // The offline service worker (dist/sw.js, scripts/build-sw.ts), same origin, its runtime inlined.
    "worker-src 'self'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

type HostingHeaders = Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }>;
interface FirebaseConfig {
  hosting: { public: string; headers: HostingHeaders; [key: string]: unknown };
  [key: string]: unknown;
}

/**
 * firebase.json with the CSP for this build (and `public` = distDir): the sorted, distinct hashes of every inline
 * script of every HTML file of distDir. Returns the written file's path.
 */
export async function writeDeployConfig(opts: Omit<CspOptions, 'scriptHashes'> & { distDir: string; out?: string }) {
  const base = JSON.parse(await readFile(join(ROOT, 'firebase.json'), 'utf8')) as FirebaseConfig;
  const pageHashes = new Set<string>();
  for (const file of await readdir(resolve(opts.distDir), { recursive: true })) {
    if (file.endsWith('.html'))
      for (const script of inlineScripts(await readFile(join(opts.distDir, file), 'utf8')))
        pageHashes.add(cspHash(script));
  }
  // Hosting may add these headers to the function's answers too, and two policies both apply: the pay page's
  // Pix countdown (server/payments/payPageMarkup.ts) must be allowed here as well as in the page's own policy.
  const scriptHashes = [...[...pageHashes].sort(), PIX_SCRIPT_HASH];
  const csp = contentSecurityPolicy({ ...opts, scriptHashes });
  const all = base.hosting.headers.find((entry) => entry.source === '**');
  if (!all) throw new Error('firebase.json: hosting.headers has no "**" entry for the security headers');
  all.headers = [
    ...all.headers.filter((h) => h.key !== 'Content-Security-Policy'),
    { key: 'Content-Security-Policy', value: csp },
  ];
  base.hosting.public = relative(ROOT, resolve(opts.distDir)) || '.';
  const out = opts.out ?? join(ROOT, DEPLOY_CONFIG);
  await writeFile(out, `${JSON.stringify(base, null, 2)}\n`);
  return { file: out, csp, scriptHashes };
}
