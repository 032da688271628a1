// Delivery: CEP → UF → region, a parcel's weight, and a quote for each service from our São Paulo warehouse.
// Pure and shared: the storefront quotes with it as the shopper types, the backend quotes again with it from its
// own catalog, so the two can only disagree when the cart or the catalog changed in between (the server wins).
// Money in centavos, dates as 'YYYY-MM-DD' calendar days in Brasília.
import { addBusinessDays } from '@brazilian-utils/brazilian-utils';
import { isUf, parseCep, type Uf } from './cep';
import { ADDRESS_MAX_LENGTH } from './limits';
import {
  DELIVERY_SERVICE_NAMES,
  DELIVERY_SERVICES,
  formatDeliveryPrice,
  formatDeliveryWindow,
  optionOf,
} from './deliveryOptions';
import type { DeliveryOption, DeliveryQuote, DeliveryServiceId, DeliveryZone, ParcelLine } from './deliveryQuoteTypes';

// The CEP (cep.ts) and the options' texts (deliveryOptions.ts) are modules of their own, without the holiday
// calendar: the storefront's entry imports them directly, and this module loads with the first quote. Both are
// re-exported (the quote's shapes, deliveryQuoteTypes.ts, with the options), so whoever quotes (the backend, the
// tests) imports delivery from here alone.
export * from './cep';
export * from './deliveryOptions';

const ZONE_OF_UF: Record<Uf, DeliveryZone> = {
  SP: 'SP',
  RJ: 'SE',
  ES: 'SE',
  MG: 'SE',
  PR: 'S',
  SC: 'S',
  RS: 'S',
  DF: 'CO',
  GO: 'CO',
  MT: 'CO',
  MS: 'CO',
  BA: 'NE',
  SE: 'NE',
  AL: 'NE',
  PE: 'NE',
  PB: 'NE',
  RN: 'NE',
  CE: 'NE',
  PI: 'NE',
  MA: 'NE',
  PA: 'N',
  AP: 'N',
  AM: 'N',
  RR: 'N',
  AC: 'N',
  RO: 'N',
  TO: 'N',
};
export function zoneOfUf(uf: Uf): DeliveryZone {
  return ZONE_OF_UF[uf];
}

/**
 * Shipping weight of one unit, by category, in grams: the garment, its tag and its own bag or box. A product
 * of a category not listed here (a new one) ships as DEFAULT_UNIT_WEIGHT_GRAMS until it is added.
 *
 * | category | grams | why |
 * |---|---|---|
 * | jackets | 1,200 | leather, puffers and parkas are the heaviest we sell |
 * | sneakers | 1,100 | the pair in its shoe box |
 * | male, female | 450 | shirts, trousers, dresses, knitwear |
 * | hats | 250 | caps, beanies and hats, in a small box |
 */
export const UNIT_WEIGHT_GRAMS: Readonly<Record<string, number>> = {
  jackets: 1200,
  sneakers: 1100,
  male: 450,
  female: 450,
  hats: 250,
};
export const DEFAULT_UNIT_WEIGHT_GRAMS = 600;
/** The shipping carton and its filling, once per parcel. */
export const PACKAGING_GRAMS = 200;

export function unitWeightGrams(categoryId: string | null | undefined): number {
  return categoryId !== null && categoryId !== undefined && Object.hasOwn(UNIT_WEIGHT_GRAMS, categoryId)
    ? (UNIT_WEIGHT_GRAMS[categoryId] as number)
    : DEFAULT_UNIT_WEIGHT_GRAMS;
}

export function parcelWeightGrams(lines: readonly ParcelLine[]): number {
  return PACKAGING_GRAMS + lines.reduce((sum, line) => sum + unitWeightGrams(line.categoryId) * line.quantity, 0);
}

/**
 * The rate card, per zone and service: the price of a parcel up to 1 kg, what each further 500 g (or part of it)
 * adds, and the transit time in business days after the day the parcel is posted.
 */
interface Rate {
  base: number;
  per500g: number;
  days: readonly [min: number, max: number];
}
export const RATE_CARD: Readonly<Record<DeliveryServiceId, Readonly<Record<DeliveryZone, Rate>>>> = {
  economica: {
    SP: { base: 1590, per500g: 250, days: [2, 4] },
    SE: { base: 1990, per500g: 350, days: [3, 6] },
    S: { base: 2290, per500g: 400, days: [4, 7] },
    CO: { base: 2690, per500g: 450, days: [5, 8] },
    NE: { base: 2990, per500g: 550, days: [6, 10] },
    N: { base: 3490, per500g: 650, days: [8, 12] },
  },
  expressa: {
    SP: { base: 2490, per500g: 400, days: [1, 2] },
    SE: { base: 2990, per500g: 500, days: [1, 3] },
    S: { base: 3490, per500g: 600, days: [2, 4] },
    CO: { base: 3990, per500g: 700, days: [2, 5] },
    NE: { base: 4490, per500g: 800, days: [3, 6] },
    N: { base: 5290, per500g: 950, days: [4, 7] },
  },
};
/** Business days between the order and the parcel's posting (picking and packing). */
export const HANDLING_BUSINESS_DAYS = 1;
/** Econômica is free from this products total, in centavos (R$ 299,00); DeliveryQuoteInput.freeEconomicaFrom overrides it. */
export const FREE_ECONOMICA_FROM_CENTAVOS = 29_900;

export interface DeliveryQuoteInput {
  cep: string;
  lines: readonly ParcelLine[];
  /** epoch ms of the quote */
  now: number;
  freeEconomicaFrom?: number;
}

export type QuoteResult = { ok: true; quote: DeliveryQuote } | { ok: false; error: string };

export const DELIVERY_MESSAGES = {
  emptyParcel: 'Adicione um produto para calcular o frete.',
  unknownService: 'Opção de entrega desconhecida. Escolha Econômica ou Expressa.',
} as const;

/** Prices both services for a CEP and a parcel. Invalid CEPs and empty parcels come back as pt-BR errors. */
export function quoteDelivery({
  cep,
  lines,
  now,
  freeEconomicaFrom = FREE_ECONOMICA_FROM_CENTAVOS,
}: DeliveryQuoteInput): QuoteResult {
  const parsed = parseCep(cep);
  if (!parsed.ok) return parsed;
  if (lines.length === 0 || lines.some((line) => !Number.isInteger(line.quantity) || line.quantity < 1)) {
    return { ok: false, error: DELIVERY_MESSAGES.emptyParcel };
  }
  const zone = zoneOfUf(parsed.uf);
  const weightGrams = parcelWeightGrams(lines);
  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const quotedOn = brasiliaDay(now);
  const options = DELIVERY_SERVICES.map((service): DeliveryOption => {
    const rate = RATE_CARD[service][zone];
    const extraSteps = Math.max(0, Math.ceil((weightGrams - 1000) / 500));
    const free = service === 'economica' && subtotal >= freeEconomicaFrom;
    const [min, max] = rate.days;
    return {
      service,
      name: DELIVERY_SERVICE_NAMES[service],
      amount: free ? 0 : rate.base + extraSteps * rate.per500g,
      free,
      businessDays: { min, max },
      window: {
        from: addBrazilianBusinessDays(quotedOn, HANDLING_BUSINESS_DAYS + min),
        to: addBrazilianBusinessDays(quotedOn, HANDLING_BUSINESS_DAYS + max),
      },
    };
  });
  return { ok: true, quote: { cep: parsed.cep, uf: parsed.uf, zone, weightGrams, subtotal, quotedOn, options } };
}

// Brasília has kept UTC−3 all year since daylight saving ended in 2019, so its calendar day is a fixed offset
// (no ICU time-zone data on the storefront's main thread).
const BRASILIA_OFFSET_MS = 3 * 3_600_000;

/** The calendar day in Brasília at an instant, 'YYYY-MM-DD'. */
export function brasiliaDay(epochMs: number): string {
  return new Date(epochMs - BRASILIA_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * `days` business days after `day`, skipping weekends and Brazil's national holidays (fixed and Easter-based,
 * from @brazilian-utils/brazilian-utils; Carnaval and Corpus Christi count, as no carrier delivers on them).
 * The library reads a Date's local calendar day, so the day goes in and comes out as local noon.
 */
export function addBrazilianBusinessDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const result = addBusinessDays(new Date(year, month - 1, date, 12), days);
  if (!result) throw new RangeError(`addBrazilianBusinessDays: ${day} + ${days} is outside the supported years`);
  return `${result.getFullYear()}-${String(result.getMonth() + 1).padStart(2, '0')}-${String(result.getDate()).padStart(2, '0')}`;
}

/** The address the parcel goes to, as the pay page collects it. */
export interface DeliveryAddress {
  recipient: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  uf: Uf;
}
export type AddressField = keyof DeliveryAddress;

export const ADDRESS_FIELD_LABELS: Record<AddressField, string> = {
  recipient: 'Nome de quem recebe',
  cep: 'CEP',
  street: 'Rua',
  number: 'Número',
  complement: 'Complemento',
  neighborhood: 'Bairro',
  city: 'Cidade',
  uf: 'UF',
};

export { ADDRESS_MAX_LENGTH };
export const ADDRESS_MESSAGES = {
  required: (label: string) => `Informe o campo ${label.toLowerCase()}.`,
  tooLong: `Use no máximo ${ADDRESS_MAX_LENGTH} caracteres.`,
  markup: 'Use apenas letras, números e pontuação comum (sem < ou >).',
  ufInvalid: 'Escolha a UF.',
  ufMismatch: (uf: Uf) => `O CEP informado é de ${uf}. Confira o CEP ou a UF.`,
} as const;

export type AddressResult =
  { ok: true; address: DeliveryAddress } | { ok: false; errors: Partial<Record<AddressField, string>> };

const OPTIONAL_FIELDS: ReadonlySet<AddressField> = new Set(['complement']);
const TEXT_FIELDS: readonly AddressField[] = ['recipient', 'street', 'number', 'complement', 'neighborhood', 'city'];

/** Checks every field of a submitted address (strings of unknown shape) and names each mistake next to its field. */
export function validateAddress(input: Partial<Record<AddressField, unknown>>): AddressResult {
  const errors: Partial<Record<AddressField, string>> = {};
  const values: Partial<Record<AddressField, string>> = {};
  for (const field of TEXT_FIELDS) {
    const value = typeof input[field] === 'string' ? (input[field] as string).trim().replace(/\s+/g, ' ') : '';
    values[field] = value;
    if (value === '') {
      if (!OPTIONAL_FIELDS.has(field)) errors[field] = ADDRESS_MESSAGES.required(ADDRESS_FIELD_LABELS[field]);
    } else if (value.length > ADDRESS_MAX_LENGTH) errors[field] = ADDRESS_MESSAGES.tooLong;
    // eslint-disable-next-line no-control-regex
    else if (/[<>\u0000-\u001f\u007f]/.test(value)) errors[field] = ADDRESS_MESSAGES.markup;
  }
  const cep = parseCep(input.cep);
  if (!cep.ok) errors.cep = cep.error;
  const uf = typeof input.uf === 'string' ? input.uf.trim().toUpperCase() : '';
  if (!isUf(uf)) errors.uf = ADDRESS_MESSAGES.ufInvalid;
  else if (cep.ok && cep.uf !== uf) errors.uf = ADDRESS_MESSAGES.ufMismatch(cep.uf);
  if (Object.keys(errors).length > 0 || !cep.ok || !isUf(uf)) return { ok: false, errors };
  return {
    ok: true,
    address: {
      recipient: values.recipient as string,
      cep: cep.cep,
      street: values.street as string,
      number: values.number as string,
      complement: values.complement as string,
      neighborhood: values.neighborhood as string,
      city: values.city as string,
      uf,
    },
  };
}

/** "Rua Augusta, 100, apto 12 — São Paulo/SP" */
export function formatAddressLine(
  address: Pick<DeliveryAddress, 'street' | 'number' | 'complement' | 'city' | 'uf'>,
): string {
  const complement = address.complement ? `, ${address.complement}` : '';
  return `${address.street}, ${address.number}${complement} — ${address.city}/${address.uf}`;
}

/**
 * What a session and its order keep about delivery (`checkoutSessions/{id}.delivery`). The quote is the
 * server's; `address` arrives on the pay page (simulated) or from Stripe's webhook; `review` is set when the
 * collected address is in another state than the quote was made for.
 */
export interface OrderDelivery {
  cep: string;
  uf: Uf;
  service: DeliveryServiceId;
  serviceName: string;
  /** centavos */
  amount: number;
  businessDays: { min: number; max: number };
  window: { from: string; to: string };
  address: DeliveryAddress | null;
  review: string | null;
}

export const DELIVERY_REVIEW_LABEL = 'Frete em revisão';

export function orderDeliveryFrom(
  quote: DeliveryQuote,
  service: DeliveryServiceId,
  address: DeliveryAddress | null = null,
): OrderDelivery {
  const option = optionOf(quote, service);
  return {
    cep: quote.cep,
    uf: quote.uf,
    service,
    serviceName: option.name,
    amount: option.amount,
    businessDays: option.businessDays,
    window: option.window,
    address,
    review: null,
  };
}

/** "Entrega: Expressa · R$ 34,90 · chega entre qui., 3 de dez. e seg., 7 de dez. · Rua Augusta, 100 — São Paulo/SP" */
export function formatOrderDelivery(delivery: OrderDelivery): string {
  const window = formatDeliveryWindow(delivery.window);
  const parts = [
    `Entrega: ${delivery.serviceName}`,
    formatDeliveryPrice(delivery),
    window.charAt(0).toLowerCase() + window.slice(1),
  ];
  if (delivery.address) parts.push(formatAddressLine(delivery.address));
  return parts.join(' · ');
}
