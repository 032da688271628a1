// Checkout sessions nobody paid in time give their units back (docs/requirements.md#stock): the sessions past
// their deadline are settled `expired`, which returns their reserved units in the same transaction. Run by a timer
// in `npm run server` (startExpirySweep) and by a scheduled Cloud Function (server/functions.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from './payments/paymentsPort';
import type { CheckoutStore } from './store/sessionStorePort';

/** Checkouts settled per sweep, at most: a backlog is worked off over the next sweeps. */
export const SWEEP_BATCH = 100;

export interface SweepReport {
  /** Settled expired now, their units given back. */
  expired: number;
  /** Already finished by something else meanwhile (a payment, a webhook): nothing changed. */
  finished: number;
  /** Paid at the provider: left for the payment's event, which settles it paid. */
  paidAtProvider: number;
  /** Could not be asked or settled this time; the next sweep tries again. */
  failed: number;
}

export interface SweepDeps {
  store: CheckoutStore;
  payments: PaymentProvider;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  limit?: number;
}

/**
 * One sweep: every overdue session (CheckoutStore.listExpiredSessions) is first ended at its provider, so no
 * page can take a payment for units given back, then settled expired. A Stripe session Stripe says was paid is
 * left open: its `checkout.session.completed` settles it paid. Stripe's own `checkout.session.expired` may settle a
 * session first; settle then reports it finished and nothing is given back twice.
 */
export async function sweepExpiredSessions({
  store,
  payments,
  now,
  log,
  limit = SWEEP_BATCH,
}: SweepDeps): Promise<SweepReport> {
  const report: SweepReport = { expired: 0, finished: 0, paidAtProvider: 0, failed: 0 };
  for (const session of await store.listExpiredSessions(now(), limit)) {
    try {
      if (session.provider === payments.name && session.provider !== 'simulated') {
        if ((await payments.expireCheckoutSession(session.id)) === 'completed') {
          report.paidAtProvider++;
          continue;
        }
      } else if (session.provider !== payments.name) {
        // Another provider's session (the settings changed): only that provider can tell it was not paid.
        report.failed++;
        log.warn({ sessionId: session.id, provider: session.provider }, 'overdue session of another provider');
        continue;
      }
      const result = await store.settle(session.id, 'expired', now());
      if (result.kind === 'settled') report.expired++;
      else report.finished++;
    } catch (error) {
      report.failed++;
      log.error({ err: error, sessionId: session.id }, 'overdue session not expired');
    }
  }
  if (report.expired + report.paidAtProvider + report.failed > 0) log.info(report, 'expired checkout sessions swept');
  return report;
}

/**
 * Sweeps every `intervalMs` (the first one after one interval) until `stop()`. Unref'd: it never keeps the process
 * alive; one sweep at a time (a slow one delays the next rather than overlapping it). `stop()` waits for a running
 * sweep to end.
 */
export function startExpirySweep(deps: SweepDeps & { intervalMs: number }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      running = sweepExpiredSessions(deps)
        .catch((error: unknown) => deps.log.error({ err: error }, 'expiry sweep failed'))
        .finally(() => {
          if (!stopped) schedule();
        });
    }, deps.intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
