// Reads a Parcel build (a dist dir) the way the browser would on `/`: index.html's <script>s and
// <link rel="stylesheet|modulepreload">s, then every static `import` inside those files, recursively. That
// closure is what `/` must download before its first render; every other .js in the folder is a chunk loaded
// on demand. Sizes are gzip -9 of the bytes on disk. Used by the budget tests and by `npm run bench`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const gzipSize = (bytes: Buffer | string): number => gzipSync(bytes, { level: 9 }).length;

export interface BuiltFile {
  /** Path relative to the dist dir, with forward slashes ("main.4bc5739f.js"). */
  file: string;
  gzip: number;
}

export interface BuildReport {
  /** JS of the entry closure: index.html's scripts and their static imports. */
  entryJs: BuiltFile[];
  /** Bytes of <style> blocks inlined in index.html. */
  inlineStyleGzip: number;
  /** Every other .js file: dynamic-import chunks. */
  lazyJs: BuiltFile[];
  /** Every .css file in the build. */
  allCss: BuiltFile[];
}

export const totalGzip = (files: BuiltFile[]) => files.reduce((total, f) => total + f.gzip, 0);

/** `src`/`href` of the page's scripts, relative to the dist root, and its inline styles. */
function htmlReferences(html: string): { scripts: string[]; inlineStyles: string[] } {
  const attr = (tag: string, name: string) =>
    tag.match(new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  const value = (m: RegExpMatchArray | null) => (m ? (m[1] ?? m[2] ?? m[3] ?? '') : '');
  const scripts: string[] = [];
  for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
    const src = value(attr(tag, 'src'));
    if (src) scripts.push(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    const rel = value(attr(tag, 'rel')).toLowerCase();
    const href = value(attr(tag, 'href'));
    if (href && (rel === 'modulepreload' || (rel === 'preload' && /\.m?js$/.test(href)))) scripts.push(href);
  }
  const inlineStyles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1] ?? '');
  const local = (url: string) => !/^[a-z]+:/i.test(url) && !url.startsWith('//');
  const clean = (url: string) => url.replace(/^\//, '').split(/[?#]/)[0]!;
  return { scripts: scripts.filter(local).map(clean), inlineStyles };
}

/** Static `import … from "./x.js"` / `import "./x.js"` / `export … from "./x.js"` (not `import(…)`). */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.(?:m?js|css))["']/g;
  for (const m of code.matchAll(pattern)) found.add(m[1]!);
  return [...found];
}

export function analyzeBuild(distDir: string): BuildReport {
  const dist = resolve(distDir);
  const files = readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dist, join(entry.parentPath, entry.name)).split('\\').join('/'));
  // A prerendered build starts its scripts from an inline loader; Parcel's own shell still lists them as tags.
  const shell = join(dist, 'app-shell.html');
  const html = readFileSync(existsSync(shell) ? shell : join(dist, 'index.html'), 'utf8');
  const refs = htmlReferences(html);
  const built = (file: string): BuiltFile => ({ file, gzip: gzipSize(readFileSync(join(dist, file))) });

  const entry = new Set<string>();
  const queue = [...refs.scripts];
  while (queue.length) {
    const file = queue.shift()!;
    if (entry.has(file)) continue;
    entry.add(file);
    const code = readFileSync(join(dist, file), 'utf8');
    for (const spec of staticImports(code)) {
      const target = spec.startsWith('/') ? spec.slice(1) : posix.normalize(posix.join(dirname(file), spec));
      if (!target.endsWith('.css')) queue.push(target);
    }
  }
  const js = files.filter((f) => /\.m?js$/.test(f));
  return {
    entryJs: [...entry].map(built),
    inlineStyleGzip: refs.inlineStyles.length ? gzipSize(refs.inlineStyles.join('\n')) : 0,
    lazyJs: js.filter((f) => !entry.has(f)).map(built),
    allCss: files.filter((f) => f.endsWith('.css')).map(built),
  };
}

export interface ImageFinding {
  where: string;
  snippet: string;
  missing: Array<'width' | 'height'>;
}

/**
 * Every `<img …>` in TSX/HTML sources and every compiled `jsx("img", {…})` / `createElement("img", {…})` in
 * built JS must carry width and height (CLS 0 needs the box before the bytes).
 */
export function imagesWithoutSize(text: string, where: string): ImageFinding[] {
  const findings: ImageFinding[] = [];
  const check = (snippet: string, has: (name: string) => boolean) => {
    const missing = (['width', 'height'] as const).filter((name) => !has(name));
    if (missing.length) findings.push({ where, snippet: snippet.slice(0, 160), missing });
  };
  // JSX / HTML: `<img` up to the closing `>` (attribute values in JSX braces may hold `>` only in arrows,
  // which an <img> has no reason to carry).
  for (const m of text.matchAll(/<img\b([^>]*)>/g)) {
    const attrs = m[1] ?? '';
    check(m[0], (name) => new RegExp(`\\b${name}\\s*=`).test(attrs));
  }
  // Compiled JSX: the props object literal after "img".
  for (const m of text.matchAll(/\(\s*["']img["']\s*,\s*\{/g)) {
    let depth = 0;
    let end = m.index! + m[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    const props = text.slice(m.index!, end + 1);
    check(props, (name) => new RegExp(`[{,\\s]${name}\\s*:`).test(props));
  }
  return findings;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
