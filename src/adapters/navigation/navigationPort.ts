/**
 * The address bar, as the machines see it: where the shopper is, and two ways to move. The search machine decides
 * when a search gets a history entry of its own (push) and when it only updates the one on screen (replace);
 * wouter renders whatever the address says.
 */
export interface NavigationPort {
  /** The current address: path and query string, as the shopper sees it (`/search?q=t%C3%AAnis`). */
  current(): string;
  /** A new history entry at `to` (Back returns to the current one). */
  push(to: string): void;
  /** `to` takes the place of the current entry (Back goes where it went before). */
  replace(to: string): void;
}

/** The path part of an address (`/search` for `/search?q=x`). */
export const pathOf = (address: string) => address.split(/[?#]/, 1)[0] ?? '';

/** The raw `q` parameter of an address, decoded once ('' when absent). */
export const queryParamOf = (address: string) => {
  const at = address.indexOf('?');
  return at < 0 ? '' : (new URLSearchParams(address.slice(at + 1).split('#', 1)[0]).get('q') ?? '');
};
