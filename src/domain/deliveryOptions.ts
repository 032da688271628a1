import { formatBRL } from './money';
import type { DeliveryOption, DeliveryQuote, DeliveryServiceId } from './deliveryQuoteTypes';

// The shapes the options are read from, for components that import only this module (types cost no bytes); the
// quote (delivery.ts) re-exports this module, and with it these shapes.
export type { DeliveryOption, DeliveryQuote, DeliveryServiceId, DeliveryZone, ParcelLine } from './deliveryQuoteTypes';

// What a shopper sees of a quote: the services, their names and the price and date texts. Apart from the quote
// itself (delivery.ts) so the components that show options do not carry the holiday calendar.

export const DELIVERY_SERVICES: readonly DeliveryServiceId[] = ['economica', 'expressa'];
export const DELIVERY_SERVICE_NAMES: Record<DeliveryServiceId, string> = {
  economica: 'Econômica',
  expressa: 'Expressa',
};

export function isDeliveryService(value: unknown): value is DeliveryServiceId {
  return value === 'economica' || value === 'expressa';
}

export function optionOf(quote: DeliveryQuote, service: DeliveryServiceId): DeliveryOption {
  return quote.options.find((option) => option.service === service) as DeliveryOption;
}

// Intl's pt-BR short forms, written out (Intl's date data costs milliseconds on first use; money.ts says why).
// test/domain/delivery.test.ts compares them with Intl.
const WEEKDAYS = ['dom.', 'seg.', 'ter.', 'qua.', 'qui.', 'sex.', 'sáb.'];
const MONTHS = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];

/** '2026-12-03' → 'qui., 3 de dez.' */
export function formatDeliveryDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  return `${WEEKDAYS[weekday]}, ${date} de ${MONTHS[month - 1]}`;
}

/** "Chega entre qui., 3 de dez. e seg., 7 de dez." (or "Chega em …" when both ends are one day). */
export function formatDeliveryWindow(window: { from: string; to: string }): string {
  if (window.from === window.to) return `Chega em ${formatDeliveryDay(window.from)}`;
  return `Chega entre ${formatDeliveryDay(window.from)} e ${formatDeliveryDay(window.to)}`;
}

/** "Grátis" or "R$ 34,90". */
export function formatDeliveryPrice(option: Pick<DeliveryOption, 'amount'>): string {
  return option.amount === 0 ? 'Grátis' : formatBRL(option.amount / 100);
}
