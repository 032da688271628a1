// "Adicionar ao carrinho" works before the page is interactive. A prerendered page paints its buttons long
// before React has hydrated them (on a slow phone, seconds). This tiny script, inlined in the prerendered
// <head>, catches clicks on `[data-add-to-cart]` until the app takes over, stops them there (so React, if it is
// mid-hydration, does not handle them a second time), and hands the product ids to main.tsx, which replays
// each as one `cart.add` once hydration has finished. It never touches the DOM React is about to hydrate.
export const TAKE_EARLY_CLICKS = '__clubTakeEarlyClicks';

declare global {
  interface Window {
    [TAKE_EARLY_CLICKS]?: () => string[];
  }
}

export const EARLY_CLICKS_SCRIPT =
  '(function(){var q=[];function h(e){var t=e.target,b=t&&t.closest&&t.closest("[data-add-to-cart]");' +
  'if(!b)return;e.preventDefault();e.stopImmediatePropagation();q.push(b.getAttribute("data-add-to-cart"))}' +
  `document.addEventListener("click",h,true);window.${TAKE_EARLY_CLICKS}=function(){` +
  'document.removeEventListener("click",h,true);return q.splice(0)}})();';

/** The product ids clicked before hydration, in click order; stops the early listener. */
export function takeEarlyClicks(win: Window): string[] {
  const take = win[TAKE_EARLY_CLICKS];
  if (!take) return [];
  delete win[TAKE_EARLY_CLICKS];
  return take();
}
