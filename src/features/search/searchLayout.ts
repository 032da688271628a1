// The search bar's size and id, shared by the slot (its fallback box), the field and the prerender's HTML head.

export const SEARCH_BAR_HEIGHT = 69;

/**
 * The search bar's id, right after the header in the HTML. A prerendered page's head holds
 * `<link rel="expect" href="#…" blocking="render">` with it (scripts/prerender.ts): the browser paints nothing
 * before the parser has reached it, so never half a header (the cart button without its badge, not yet pushed
 * to the right end, the menu without its last items), whose items would move as the rest was parsed.
 */
export const SEARCH_BAR_ID = 'busca';
