import { describe, expect, it } from 'vitest';
import type { DeliveryCepPort } from '../../src/adapters/deliveryCep/deliveryCepPort';

export interface DeliveryCepSetup {
  port: DeliveryCepPort;
  /** The saved text under `deliveryCep` (null when nothing is saved). */
  raw(): string | null;
  /** Messages the adapter logged. */
  logged(): string[];
}
/**
 * `raw` is what is already saved under `deliveryCep` when the page loads; `refusing` makes the browser's storage
 * throw on every read and write (SecurityError when storage is denied, QuotaExceededError when it is full).
 */
export type MakeDeliveryCep = (raw: string | null, options?: { refusing?: boolean }) => Promise<DeliveryCepSetup>;

/** The DeliveryCepPort contract: every implementation must pass it. */
export function testDeliveryCepPort(name: string, makeAdapter: MakeDeliveryCep) {
  describe(`DeliveryCepPort contract: ${name}`, () => {
    it('loads null when nothing is saved, without logging', async () => {
      const { port, logged } = await makeAdapter(null);
      expect(port.load()).toBeNull();
      expect(logged()).toEqual([]);
    });

    it('saves the 8 digits under deliveryCep and loads them back', async () => {
      const { port, raw } = await makeAdapter(null);
      port.save('01310100');
      expect(raw()).toBe('01310100');
      expect(port.load()).toBe('01310100');
    });

    it('loads what a previous visit saved, and a newer save replaces it', async () => {
      const { port, raw } = await makeAdapter('20040020');
      expect(port.load()).toBe('20040020');
      port.save('69900000');
      expect(raw()).toBe('69900000');
      expect(port.load()).toBe('69900000');
    });

    it('forgives a saved CEP written with its hyphen (loads the 8 digits)', async () => {
      const { port } = await makeAdapter('01310-100');
      expect(port.load()).toBe('01310100');
    });

    for (const [what, raw] of [
      ['letters', 'abc'],
      ['JSON garbage', '{"cep": "0131'],
      ['a JSON string', '"01310100"'],
      ['7 digits', '0131010'],
      ['a CEP of no state', '00500000'],
    ] as const) {
      it(`loads ${what} (${JSON.stringify(raw)}) as null and logs it (never throws)`, async () => {
        const { port, logged } = await makeAdapter(raw);
        expect(port.load()).toBeNull();
        expect(logged()).toHaveLength(1);
      });
    }

    it('logs instead of throwing when the storage refuses reads and writes', async () => {
      const { port, logged } = await makeAdapter('01310100', { refusing: true });
      expect(() => port.save('20040020')).not.toThrow();
      expect(port.load()).toBeNull();
      expect(logged()).toHaveLength(2);
    });
  });
}
