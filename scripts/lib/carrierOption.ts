// `npm start -- --carrier <seconds>`: how often the simulated carrier (simulatedCarrier.ts) moves a paid order.
// Apart from the carrier itself so that `npm start` reads it without loading the store.

/** One step a minute: a purchase made on the local shop is delivered three minutes later. */
export const DEFAULT_CARRIER_SECONDS = 60;
/** A day: beyond it the carrier would never be seen moving anything. */
export const MAX_CARRIER_SECONDS = 86_400;

/** The option's seconds (0: off; absent: the default), or why it is refused. */
export function parseCarrierSeconds(value: string | undefined): number | string {
  if (value === undefined) return DEFAULT_CARRIER_SECONDS;
  const seconds = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(seconds <= MAX_CARRIER_SECONDS))
    return `--carrier takes whole seconds from 0 (off) to ${MAX_CARRIER_SECONDS}, not "${value}"`;
  return seconds;
}
