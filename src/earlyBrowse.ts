// A shared link to a sorted or filtered category (`/category/jackets?ordem=menor-preco&preco=100-300`) opens a
// page prerendered in the default order; the chosen order applies only once the browse chunk has arrived after
// hydration. Painting the default grid first and then jumping to the chosen one would show the wrong products.
// This tiny script, inlined in the prerendered <head> of category pages, does nothing without browse parameters;
// with them it marks <html> so that the grid and its count keep their place but are not painted
// (visibility: hidden, the same size: nothing moves) until features/browse/browseSlot shows the chosen view. If the
// app has not done so a few seconds after `load` (its scripts failed), the default grid is shown after all.
// It never touches the DOM React is about to hydrate.

/** On <html> while the prerendered grid waits for the order the address asks for. */
export const BROWSE_PENDING_ATTRIBUTE = 'data-browse-pending';

/** After `load`: how long the grid may stay hidden before the default order is shown anyway. */
export const BROWSE_PENDING_FALLBACK_MS = 3_000;

/** A query string (with or without `?`) that names a browse parameter; its value is the machine's to judge. */
export const BROWSE_PARAMS = /(?:^|[?&])(?:ordem|preco)=/;

/** The category's grid (CategoryProducts' label) and, before it, its count (BrowseSlot). */
const GRID = "ul[aria-label^='Produtos']";
const PENDING_CSS = `[${BROWSE_PENDING_ATTRIBUTE}] main ${GRID},[${BROWSE_PENDING_ATTRIBUTE}] main p:has(+ ${GRID}){visibility:hidden}`;

export const EARLY_BROWSE_SCRIPT =
  `(function(){if(!${BROWSE_PARAMS}.test(location.search))return;var d=document.documentElement,a="${BROWSE_PENDING_ATTRIBUTE}";` +
  'd.setAttribute(a,"");var s=document.createElement("style");' +
  `s.textContent="${PENDING_CSS}";` +
  'document.head.appendChild(s);' +
  `addEventListener("load",function(){setTimeout(function(){d.removeAttribute(a)},${BROWSE_PENDING_FALLBACK_MS})},{once:true})})();`;

/** The chosen view is on screen (or the app has taken the grid over): paint it. */
export function endBrowsePending(doc: Document = document): void {
  doc.documentElement.removeAttribute(BROWSE_PENDING_ATTRIBUTE);
}
