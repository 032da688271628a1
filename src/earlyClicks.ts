// "Adicionar ao carrinho" works before the page is interactive. A prerendered page paints its buttons long
// before React has hydrated them (on a slow phone, seconds). This tiny script, inlined in the prerendered
// <head>, catches clicks on `[data-add-to-cart]` until the app takes over, stops them there (so React, if it is
// mid-hydration, does not handle them a second time), and hands the product ids to main.tsx, which replays
// each as one `cart.add` once hydration has finished. It never touches the DOM React is about to hydrate.
export const TAKE_EARLY_CLICKS = '__clubTakeEarlyClicks';

// The search field (features/search/SearchField) is prerendered too. Text typed into it before hydration could be
// emptied when React takes the field over, and an Enter would submit the form the browser's way (a reload). The
// same script remembers the field's last text and stops that submit, noting the Enter; the field hands both to
// its machine when it has its actor, so the Enter counts exactly once.
export const TAKE_EARLY_SEARCH = '__clubTakeEarlySearch';
/** The search form (SearchField renders it with role="search"; nothing else in the shell has that role). */
export const SEARCH_FORM_SELECTOR = 'form[role="search"]';

/** What the shopper did in the search field before the app took it over. */
export interface EarlySearch {
  /** The field's last text (null: never typed into). */
  text: string | null;
  /** Enter (or Buscar) was pressed. */
  entered: boolean;
}

declare global {
  interface Window {
    [TAKE_EARLY_CLICKS]?: () => string[];
    [TAKE_EARLY_SEARCH]?: () => EarlySearch;
  }
}

export const EARLY_CLICKS_SCRIPT =
  '(function(){var q=[];function h(e){var t=e.target,b=t&&t.closest&&t.closest("[data-add-to-cart]");' +
  'if(!b)return;e.preventDefault();e.stopImmediatePropagation();q.push(b.getAttribute("data-add-to-cart"))}' +
  `document.addEventListener("click",h,true);window.${TAKE_EARLY_CLICKS}=function(){` +
  'document.removeEventListener("click",h,true);return q.splice(0)};' +
  `var t=null,n=false;function f(e){var x=e.target;return x&&x.closest?x.closest('${SEARCH_FORM_SELECTOR}'):null}` +
  'function i(e){var x=e.target;if(f(e)&&x.name==="q")t=x.value}' +
  'function s(e){var g=f(e);if(!g)return;e.preventDefault();e.stopImmediatePropagation();' +
  'if(g.elements.q)t=g.elements.q.value;n=true}' +
  'document.addEventListener("input",i,true);document.addEventListener("submit",s,true);' +
  `window.${TAKE_EARLY_SEARCH}=function(){document.removeEventListener("input",i,true);` +
  'document.removeEventListener("submit",s,true);return{text:t,entered:n}}})();';

/** The product ids clicked before hydration, in click order; stops the early listener. */
export function takeEarlyClicks(win: Window): string[] {
  const take = win[TAKE_EARLY_CLICKS];
  if (!take) return [];
  delete win[TAKE_EARLY_CLICKS];
  return take();
}

/** The search field's text and Enter from before hydration (nothing when the page was not prerendered); stops the early listeners. */
export function takeEarlySearch(win: Window): EarlySearch {
  const take = win[TAKE_EARLY_SEARCH];
  if (!take) return { text: null, entered: false };
  delete win[TAKE_EARLY_SEARCH];
  return take();
}
