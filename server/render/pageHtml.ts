// One catalog page's HTML, from Parcel's app shell and the page's boot data: the React render of
// src/prerender.tsx, its head (title, description, canonical, Open Graph, JSON-LD, the page's stitches CSS), the
// embedded catalog snapshot and the deferred boot loader. The build's prerender (scripts/prerender.ts) and the
// backend's on-request pages (server/render/renderer.ts) both assemble pages here, so a page rendered on
// request is byte for byte what the build would have written for the same data.
import { bootDataScript, type BootData } from '../../src/bootData';
import { EARLY_BROWSE_SCRIPT } from '../../src/earlyBrowse';
import { EARLY_CEP_SCRIPT } from '../../src/earlyCep';
import { EARLY_CLICKS_SCRIPT } from '../../src/earlyClicks';
import { renderPage } from '../../src/prerender';
import { SEARCH_BAR_ID } from '../../src/features/search/searchLayout';
import { SHOP_NAME, type PageMeta } from '../../src/ui/seo';
import { escapeHtml } from '../../src/domain/escapeHtml';

export interface PageToRender {
  boot: BootData;
  meta: PageMeta;
  /** File under dist/ (the prerender writes it there; a page rendered on request is only answered). */
  file: string;
}

/** The app shell cannot hold a page (a Parcel output we do not recognise). */
export class AppShellError extends Error {
  override name = 'AppShellError';
}

function headTags(meta: PageMeta, origin: string, css: string, category: boolean): string {
  const url = new URL(meta.path, origin).href;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="${SHOP_NAME}">`,
    `<meta property="og:locale" content="pt_BR">`,
    `<meta property="og:type" content="${meta.ogType}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(new URL(meta.image, origin).href)}">`] : []),
    ...meta.jsonLd.map(
      (data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    ),
    `<style id="stitches">${css}</style>`,
    // No paint before the parser has passed the header (the search bar comes next): a paint between two parser
    // slices would show part of it, whose items move as the rest arrives (a layout shift before any script ran).
    `<link rel="expect" href="#${SEARCH_BAR_ID}" blocking="render">`,
    `<script>${EARLY_CLICKS_SCRIPT}</script>`,
    // Product pages carry the CEP form (features/delivery/DeliveryEstimator): no browser submit before hydration.
    ...(meta.ogType === 'product' ? [`<script>${EARLY_CEP_SCRIPT}</script>`] : []),
    // Category pages: a link with a sort or a band keeps the grid unpainted until that view is shown.
    ...(category ? [`<script>${EARLY_BROWSE_SCRIPT}</script>`] : []),
  ];
  return tags.join('');
}

// Parcel minifies the shell (unquoted attributes, no </head>): match what it writes, not what src/index.html says.
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="?description"? content=(?:"[^"]*"|[^\s>]+)\s*\/?>/;
const HEAD_END = /<\/head>|<body>/;
const EMPTY_ROOT = /<div id="?root"?><\/div>/;
const MODULE_SCRIPT = /<script type="?module"? src="?([^"\s>]+)"?><\/script>/g;

/**
 * The app's scripts start once the page has loaded (its first-screen images included), not while the HTML and
 * the LCP image are still arriving: on a slow phone the 117 KB gz of JS competed with them for the network and
 * the CPU. And not in the very task after `load` either, but when the browser is idle (at most 500 ms later):
 * started at `load`, their download and compile often came before the frame that paints the loaded images, and
 * a desktop's LCP (a product image) was half of the time 200 ms later than the same page without scripts.
 * And not before the page's first contentful paint (Paint Timing): a browser that holds its first frame past `load`
 * (headless Chromium sometimes does, for about a second) would otherwise fetch and run the app before anything is on
 * screen. Without Paint Timing, or with no paint 3 s after `load` (a tab in the background), it starts anyway.
 * Until the app has hydrated, src/earlyClicks.ts keeps every add-to-cart click.
 * The same sources give the same script, so the deploy's CSP hash of it (scripts/hostingConfig.ts) covers pages
 * rendered on request too.
 */
function bootAfterLoad(sources: readonly string[]): string {
  return (
    `<script>(function(){function boot(){${JSON.stringify(sources)}.forEach(function(src){var s=document.createElement("script");` +
    's.type="module";s.src=src;document.body.appendChild(s)})}' +
    'function whenIdle(){if(window.requestIdleCallback)requestIdleCallback(boot,{timeout:500});else setTimeout(boot,0)}' +
    'function afterPaint(){var started=false,observer;function go(){if(started)return;started=true;if(observer)observer.disconnect();whenIdle()}' +
    'try{observer=new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)go()});' +
    'observer.observe({type:"paint",buffered:true})}catch(e){go();return}setTimeout(go,3000)}' +
    'if(document.readyState==="complete")afterPaint();else addEventListener("load",afterPaint,{once:true})})();</script>'
  );
}

/** Throws AppShellError when Parcel's shell lacks a part a page is written into. */
export function checkAppShell(shell: string): void {
  for (const [what, pattern] of [
    ['<title>', TITLE],
    ['meta description', DESCRIPTION],
    ['</head> or <body>', HEAD_END],
    ['empty <div id="root">', EMPTY_ROOT],
  ] as const) {
    if (!pattern.test(shell)) throw new AppShellError(`the app shell has no ${what}`);
  }
  if (!new RegExp(MODULE_SCRIPT.source).test(shell)) throw new AppShellError('the app shell loads no module script');
}

/** Fills Parcel's shell with one rendered page. */
export async function pageHtml(
  shell: string,
  page: Pick<PageToRender, 'boot' | 'meta'>,
  origin: string,
): Promise<string> {
  checkAppShell(shell);
  const { html, css } = await renderPage(page.boot);
  const sources = [...shell.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  return shell
    .replace(MODULE_SCRIPT, '')
    .replace(TITLE, () => `<title>${escapeHtml(page.meta.title)}</title>`)
    .replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(page.meta.description)}">`)
    .replace(HEAD_END, (end) => `${headTags(page.meta, origin, css, page.boot.catalog.category !== null)}${end}`)
    .replace(EMPTY_ROOT, () => `<div id="root">${html}</div>${bootDataScript(page.boot)}${bootAfterLoad(sources)}`);
}
