import { describe, expect, it } from 'vitest';
import { isCorreiosTrackingCode } from '../../src/domain/fulfilment';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import type { NewOrder } from '../../server/store/sessionStorePort';
import {
  correiosCheckDigit,
  runCarrierRound,
  simulatedTrackingCode,
  startSimulatedCarrier,
} from '../../scripts/lib/simulatedCarrier';
import { parseCarrierSeconds } from '../../scripts/lib/carrierOption';

const MINUTE = 60_000;
const paidAt = Date.UTC(2026, 10, 20, 15, 0);

function aPaidOrder(id: string, at = paidAt): NewOrder {
  return {
    id,
    provider: 'simulated',
    uid: 'shopper',
    email: 'ana@example.com',
    lineItems: [{ productId: 'boina-la-marrom', name: 'Boina de Lã Marrom', unitAmount: 9990, quantity: 1 }],
    amountTotal: 9990,
    currency: 'brl',
    delivery: null,
    paymentMethod: 'pix',
    paidAt: at,
  };
}

describe('correiosCheckDigit', () => {
  // Worked by hand with the weights 8 6 4 2 3 5 9 7:
  // 47311482 → 32+42+12+2+3+20+72+14 = 197; 197 mod 11 = 10 → 11 − 10 = 1.
  // 00000000 → 0 → rest 0 → 5.  10000000 → 8 → 11 − 8 = 3.  00000003 → 21 → rest 10 → 1.
  // 00000020 → 18 → rest 7 → 4.  00000100 → 5 → 6.  00000001 → 7 → 4.  00000004 → 28 → rest 6 → 5.
  // 01000000 → 6 → 5.  00000011 → 9+7 = 16 → rest 5 → 6.  00000050 → 45 → rest 1 → 0.
  it.each([
    ['47311482', 1],
    ['00000000', 5],
    ['10000000', 3],
    ['00000003', 1],
    ['00000020', 4],
    ['00000100', 6],
    ['00000001', 4],
    ['00000004', 5],
    ['01000000', 5],
    ['00000011', 6],
    ['00000050', 0],
  ])('%s → %i', (serial, digit) => {
    expect(correiosCheckDigit(serial)).toBe(digit);
  });
});

describe('simulatedTrackingCode', () => {
  it('is a Correios code whose ninth digit checks the other eight, the same for the same order', () => {
    for (const id of ['cs_sim_a', 'cs_sim_b', 'cs_sim_0123456789abcdef']) {
      const code = simulatedTrackingCode(id);
      expect(isCorreiosTrackingCode(code)).toBe(true);
      expect(code).toMatch(/^SC\d{9}BR$/);
      expect(Number(code[10])).toBe(correiosCheckDigit(code.slice(2, 10)));
      expect(simulatedTrackingCode(id)).toBe(code);
    }
    expect(simulatedTrackingCode('cs_sim_a')).not.toBe(simulatedTrackingCode('cs_sim_b'));
  });
});

describe('runCarrierRound', () => {
  it('moves a paid order one step per minute until it is delivered, then leaves it', async () => {
    const store = createMemoryStore();
    await store.recordOrder(aPaidOrder('cs_sim_a'));

    expect((await runCarrierRound(store, paidAt + MINUTE - 1, MINUTE)).moved).toEqual([]);
    expect((await runCarrierRound(store, paidAt + MINUTE, MINUTE)).moved).toEqual(['cs_sim_a: separar']);
    // Not a minute since Em separação yet.
    expect((await runCarrierRound(store, paidAt + MINUTE + 30_000, MINUTE)).moved).toEqual([]);
    expect((await runCarrierRound(store, paidAt + 2 * MINUTE, MINUTE)).moved).toEqual(['cs_sim_a: enviar']);
    expect((await runCarrierRound(store, paidAt + 3 * MINUTE, MINUTE)).moved).toEqual(['cs_sim_a: entregar']);
    expect((await runCarrierRound(store, paidAt + 60 * MINUTE, MINUTE)).moved).toEqual([]);

    const order = await store.getOrder('cs_sim_a');
    expect(order?.fulfilment).toEqual({
      status: 'entregue',
      history: [
        { status: 'pago', at: paidAt },
        { status: 'em_separacao', at: paidAt + MINUTE },
        { status: 'enviado', at: paidAt + 2 * MINUTE },
        { status: 'entregue', at: paidAt + 3 * MINUTE },
      ],
      trackingCode: simulatedTrackingCode('cs_sim_a'),
      deliveredAt: paidAt + 3 * MINUTE,
      returnReason: null,
    });
    // Meus pedidos reads the checkout document's mirror: the memory store has none for a recorded order.
  });

  it('leaves cancelled orders alone and moves each due order once per round', async () => {
    const store = createMemoryStore();
    await store.recordOrder(aPaidOrder('cs_sim_cancelled'));
    await store.stepOrder('cs_sim_cancelled', { type: 'cancelar', at: paidAt + 1 });
    await store.recordOrder(aPaidOrder('cs_sim_old', paidAt - 10 * MINUTE));
    await store.recordOrder(aPaidOrder('cs_sim_new'));

    expect((await runCarrierRound(store, paidAt + MINUTE, MINUTE)).moved.sort()).toEqual([
      'cs_sim_new: separar',
      'cs_sim_old: separar',
    ]);
    expect((await store.getOrder('cs_sim_cancelled'))?.fulfilment.status).toBe('cancelado');
  });
});

describe('startSimulatedCarrier', () => {
  it('reports each step it takes and stops cleanly', async () => {
    const store = createMemoryStore();
    await store.recordOrder(aPaidOrder('cs_sim_timer', Date.now() - 5_000));
    const lines: string[] = [];
    const carrier = startSimulatedCarrier({ store, stepEveryMs: 1_000, report: (line) => lines.push(line) });
    await expect.poll(() => lines, { timeout: 5_000 }).toContain('transportadora simulada: cs_sim_timer: separar');
    await carrier.stop();
    const after = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(lines.length).toBe(after);
  });
});

describe('parseCarrierSeconds (npm start -- --carrier <seconds>)', () => {
  it.each([
    [undefined, 60],
    ['0', 0],
    ['1', 1],
    ['86400', 86_400],
  ])('%s → %i', (value, seconds) => {
    expect(parseCarrierSeconds(value)).toBe(seconds);
  });

  it.each(['-1', '1.5', '86401', '', 'abc', '1e3', ' 5'])('refuses "%s" with the range', (value) => {
    expect(parseCarrierSeconds(value)).toBe(`--carrier takes whole seconds from 0 (off) to 86400, not "${value}"`);
  });
});
