import type { NavigationPort } from './navigationPort';

/**
 * The browser's history. wouter patches pushState/replaceState to announce them, so its router follows every move
 * made here (src/main.tsx; the UI tests use the memory adapter with wouter's own memory location instead).
 */
export function createBrowserNavigation(win: Pick<Window, 'history' | 'location'>): NavigationPort {
  return {
    current: () => win.location.pathname + win.location.search,
    push: (to) => win.history.pushState(null, '', to),
    replace: (to) => win.history.replaceState(null, '', to),
  };
}
