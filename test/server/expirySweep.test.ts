// @vitest-environment node
// The sweep of the checkout sessions past their deadline (server/expirySweep.ts) on the memory store: what it
// expires, what it leaves, the units it gives back, and its timer. Counts are written out here.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startExpirySweep, sweepExpiredSessions } from '../../server/expirySweep';
import type { PaymentProvider, ProviderExpiry } from '../../server/payments/paymentsPort';
import { createSimulatedProvider } from '../../server/payments/simulated';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import type { NewSession } from '../../server/store/sessionStorePort';
import { aSession } from './checkoutStore.contract';

const T = 1_700_000_000_000;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const simulated = createSimulatedProvider({ publicUrl: 'http://backend.test' });

function checkoutOf(quantity: number, overrides: Partial<NewSession> = {}): NewSession {
  const { reserved: _reserved, ...session } = aSession({
    lineItems: [{ productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 49990, quantity }],
    amountTotal: 49990 * quantity,
    createdAt: T - 1_800_000,
    expiresAt: T,
    ...overrides,
  });
  return session;
}

/** A Stripe stand-in that answers what `expiries` says per session id, and records what it was asked. */
function stripeLike(expiries: Record<string, ProviderExpiry | Error>): PaymentProvider & { asked: string[] } {
  const asked: string[] = [];
  return {
    ...simulated,
    name: 'stripe',
    asked,
    async expireCheckoutSession(id) {
      asked.push(id);
      const answer = expiries[id] ?? 'expired';
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sweepExpiredSessions', () => {
  it('expires the open sessions past their expiry and the pending Pix past its deadline, giving their units back', async () => {
    const store = createMemoryStore({ stock: { 'jaqueta-couro': 10 } });
    const due = checkoutOf(1);
    const pix = checkoutOf(2, { expiresAt: T + 600_000 });
    const notYet = checkoutOf(3, { expiresAt: T + 1 });
    for (const session of [due, pix, notYet]) await store.openSession(session);
    await store.markPending(pix.id, 'pix', { pix: { copyPaste: '000201…', expiresAt: T - 1 } }, T - 60_000);
    expect(store.stockOf('jaqueta-couro')).toBe(4);

    const report = await sweepExpiredSessions({ store, payments: simulated, now: () => T, log: quiet });
    expect(report).toEqual({ expired: 2, finished: 0, paidAtProvider: 0, failed: 0 });
    expect(store.stockOf('jaqueta-couro')).toBe(7);
    expect(store.sessions.get(due.id)).toMatchObject({ status: 'expired', finishedAt: T });
    expect(store.sessions.get(pix.id)).toMatchObject({ status: 'expired', paymentMethod: 'pix' });
    expect(store.sessions.get(notYet.id)?.status).toBe('open');
    // A second sweep finds nothing more to do.
    expect(await sweepExpiredSessions({ store, payments: simulated, now: () => T, log: quiet })).toEqual({
      expired: 0,
      finished: 0,
      paidAtProvider: 0,
      failed: 0,
    });
    expect(store.stockOf('jaqueta-couro')).toBe(7);
  });

  it('works through a backlog a batch at a time', async () => {
    const store = createMemoryStore({ stock: { 'jaqueta-couro': 5 } });
    for (let i = 0; i < 5; i++) await store.openSession(checkoutOf(1, { expiresAt: T - i }));
    const sweep = () => sweepExpiredSessions({ store, payments: simulated, now: () => T, log: quiet, limit: 2 });
    expect((await sweep()).expired).toBe(2);
    expect(store.stockOf('jaqueta-couro')).toBe(2);
    expect((await sweep()).expired).toBe(2);
    expect((await sweep()).expired).toBe(1);
    expect(store.stockOf('jaqueta-couro')).toBe(5);
  });

  it('Stripe: ends the session at Stripe first; one Stripe says was paid is left for its webhook; a failure is retried next time', async () => {
    const store = createMemoryStore({ stock: { 'jaqueta-couro': 10 } });
    const ended = checkoutOf(1, { provider: 'stripe', id: 'cs_test_ended' });
    const paid = checkoutOf(2, { provider: 'stripe', id: 'cs_test_paid' });
    const unreachable = checkoutOf(3, { provider: 'stripe', id: 'cs_test_down' });
    for (const session of [ended, paid, unreachable]) await store.openSession(session);
    const stripe = stripeLike({ cs_test_paid: 'completed', cs_test_down: new Error('Stripe down') });

    const report = await sweepExpiredSessions({ store, payments: stripe, now: () => T, log: quiet });
    expect(report).toEqual({ expired: 1, finished: 0, paidAtProvider: 1, failed: 1 });
    expect(stripe.asked.sort()).toEqual(['cs_test_down', 'cs_test_ended', 'cs_test_paid']);
    expect(store.sessions.get('cs_test_ended')?.status).toBe('expired');
    expect(store.sessions.get('cs_test_paid')?.status).toBe('open');
    expect(store.sessions.get('cs_test_down')?.status).toBe('open');
    expect(store.stockOf('jaqueta-couro')).toBe(5);
  });

  it('leaves a pending Stripe boleto past its due date to Stripe, and another provider’s session to that provider', async () => {
    const store = createMemoryStore({ stock: { 'jaqueta-couro': 10 } });
    const boleto = checkoutOf(1, { provider: 'stripe', expiresAt: T + 1 });
    const stripeOpen = checkoutOf(2, { provider: 'stripe' });
    for (const session of [boleto, stripeOpen]) await store.openSession(session);
    await store.markPending(boleto.id, 'boleto', { boleto: { line: '99990…', dueAt: T - 1 } }, T - 60_000);
    // The settings name the simulated provider now: it cannot tell whether Stripe was paid.
    const report = await sweepExpiredSessions({ store, payments: simulated, now: () => T, log: quiet });
    expect(report).toEqual({ expired: 0, finished: 0, paidAtProvider: 0, failed: 1 });
    expect(store.stockOf('jaqueta-couro')).toBe(7);
  });

  it('startExpirySweep sweeps every interval until stopped', async () => {
    vi.useFakeTimers();
    const store = createMemoryStore({ stock: { 'jaqueta-couro': 3 } });
    let now = T - 1;
    await store.openSession(checkoutOf(3));
    const sweeping = startExpirySweep({ store, payments: simulated, now: () => now, log: quiet, intervalMs: 60_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(store.stockOf('jaqueta-couro')).toBe(0);
    now = T;
    await vi.advanceTimersByTimeAsync(59_999);
    expect(store.stockOf('jaqueta-couro')).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.stockOf('jaqueta-couro')).toBe(3);
    await store.openSession(checkoutOf(1));
    await sweeping.stop();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(store.stockOf('jaqueta-couro')).toBe(2);
  });
});
