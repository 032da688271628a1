import { describe, expect, it } from 'vitest';
import type { NavigationPort } from '../../src/adapters/navigation/navigationPort';

export interface NavigationSetup {
  port: NavigationPort;
  /** The browser's Back (or the memory history's): the previous entry becomes the current one. */
  back(): Promise<void> | void;
  /** How many entries the history holds. */
  length(): number;
}
/** A fresh history whose only entry is `start` (a path with its query). */
export type MakeNavigation = (start: string) => Promise<NavigationSetup> | NavigationSetup;

/** The NavigationPort contract: every implementation must pass it. */
export function testNavigationPort(name: string, make: MakeNavigation) {
  describe(`NavigationPort contract: ${name}`, () => {
    it('starts at its address, path and query', async () => {
      const { port } = await make('/product/p1?cor=azul');
      expect(port.current()).toBe('/product/p1?cor=azul');
    });

    it('push adds an entry: current is the new address, Back returns to the old one', async () => {
      const { port, back, length } = await make('/');
      port.push('/search?q=tenis');
      expect(port.current()).toBe('/search?q=tenis');
      expect(length()).toBe(2);
      await back();
      expect(port.current()).toBe('/');
    });

    it('replace changes the current entry only: Back skips what it replaced', async () => {
      const { port, back, length } = await make('/');
      port.push('/search?q=t');
      port.replace('/search?q=tenis');
      expect(port.current()).toBe('/search?q=tenis');
      expect(length()).toBe(2);
      await back();
      expect(port.current()).toBe('/');
    });

    it('keeps the query as encoded (an accent, a space, a percent sign)', async () => {
      const { port } = await make('/');
      const address = `/search?q=${encodeURIComponent('tênis 100%')}`;
      port.push(address);
      expect(port.current()).toBe(address);
    });

    it('a push after Back drops the entries that were ahead', async () => {
      const { port, back, length } = await make('/');
      port.push('/search?q=a');
      port.push('/search?q=b');
      await back();
      port.push('/search?q=c');
      expect(length()).toBe(3);
      expect(port.current()).toBe('/search?q=c');
      await back();
      expect(port.current()).toBe('/search?q=a');
    });
  });
}
