/**
 * window.localStorage, or null where the browser denies it: with site data blocked by a privacy setting, even
 * reading the property throws a SecurityError. Every storage adapter gets its storage from here, so a denied
 * storage means an in-memory cart and no saved CEP, never an uncaught error.
 */
export function localStorageOf(win: Pick<Window, 'localStorage'>): Storage | null {
  try {
    return win.localStorage ?? null;
  } catch {
    return null;
  }
}
