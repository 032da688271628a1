// Sorting and price filters of a product list (category and search pages), and their place in the address:
// `?ordem=menor-preco&preco=100-300`. Pure: the browse machine calls these; the UI only renders their results.
import type { Product } from './catalog';

/** The orders a shopper can choose. `padrao` is the list's own order: the category's order on a category, relevance on search. */
export type BrowseOrder = 'padrao' | 'menor-preco' | 'maior-preco' | 'nome';
export const BROWSE_ORDERS: readonly BrowseOrder[] = ['padrao', 'menor-preco', 'maior-preco', 'nome'];

/** A price range in reais, both ends included; a missing end is open. */
export interface PriceRange {
  min: number | null;
  max: number | null;
}

export interface BrowseView {
  order: BrowseOrder;
  price: PriceRange | null;
}

export const DEFAULT_VIEW: BrowseView = { order: 'padrao', price: null };

/** A price band offered to the shopper: its range, its label and how many products of the list it holds. */
export interface PriceBand {
  range: PriceRange;
  label: string;
  count: number;
}

export const ORDER_PARAM = 'ordem';
export const PRICE_PARAM = 'preco';

const inRange = (price: number, range: PriceRange) =>
  (range.min === null || price >= range.min) && (range.max === null || price <= range.max);

export const sameRange = (a: PriceRange | null, b: PriceRange | null) =>
  a === b || (a !== null && b !== null && a.min === b.min && a.max === b.max);

export const sameView = (a: BrowseView, b: BrowseView) => a.order === b.order && sameRange(a.price, b.price);

// Created on first use: building a collator loads ICU's pt-BR data, which a page that never sorts by name skips.
let byNameCollator: Intl.Collator | undefined;
const collator = () => (byNameCollator ??= new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }));

const comparators: Record<Exclude<BrowseOrder, 'padrao'>, () => (a: Product, b: Product) => number> = {
  'menor-preco': () => (a, b) => a.price - b.price,
  'maior-preco': () => (a, b) => b.price - a.price,
  nome: () => {
    const compare = collator().compare;
    return (a, b) => compare(a.name, b.name);
  },
};

// Each list sorted once per order: choosing a band, or coming back to an order, filters a sorted copy instead of
// sorting 2,000 products again. Keyed by the list itself (the machine keeps one array per list).
const sortedLists = new WeakMap<readonly Product[], Map<BrowseOrder, readonly Product[]>>();

function sortedBy(products: readonly Product[], order: BrowseOrder): readonly Product[] {
  if (order === 'padrao') return products;
  let byOrder = sortedLists.get(products);
  if (!byOrder) sortedLists.set(products, (byOrder = new Map()));
  let sorted = byOrder.get(order);
  if (!sorted) byOrder.set(order, (sorted = products.slice().sort(comparators[order]())));
  return sorted;
}

/**
 * Sorts `products` by `order` ahead of the shopper's choice (the result is kept as `browseProducts` keeps it): the
 * page can do it while idle, so choosing an order, even the first time, only filters a sorted copy.
 */
export function prepareOrder(products: readonly Product[], order: BrowseOrder): void {
  sortedBy(products, order);
}

/**
 * The products to show, in order. Sorting is stable: products of equal price (or name) keep the list's own
 * order, so "Menor preço" on two R$ 100 products shows them as the category or the search ranked them.
 * Filtering a stably sorted list gives the same order as sorting the filtered one.
 */
export function browseProducts(products: readonly Product[], view: BrowseView): Product[] {
  const sorted = sortedBy(products, view.order);
  const price = view.price;
  return price ? sorted.filter((p) => inRange(p.price, price)) : sorted.slice();
}

/** A round edge near `value`: steps of half its power of ten (89,90 → 90, 130 → 150, 1.240 → 1.000). */
function roundEdge(value: number): number {
  const step = 10 ** Math.floor(Math.log10(value)) / 2;
  return Math.round(value / step) * step;
}

/** "R$ 100", "R$ 89,90", "R$ 1.500": whole reais without centavos. */
export function formatEdge(reais: number): string {
  const whole = Number.isInteger(reais);
  const [integer = '0', fraction = ''] = reais.toFixed(whole ? 0 : 2).split('.');
  const thousands = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$\u00a0${thousands}${whole ? '' : `,${fraction}`}`;
}

export function priceRangeLabel(range: PriceRange): string {
  if (range.min === null && range.max === null) return 'Todos os preços';
  if (range.min === null) return `Até ${formatEdge(range.max!)}`;
  if (range.max === null) return `A partir de ${formatEdge(range.min)}`;
  return `${formatEdge(range.min)} a ${formatEdge(range.max)}`;
}

/**
 * Up to three bands from the prices of the list: edges at its thirds, rounded to a round number, kept only
 * strictly between the cheapest and the dearest product; bands without products are left out. Both ends of a
 * band are included (its label says so: "Até R$ 100" holds R$ 100), so a product on an edge counts in both.
 */
export function priceBands(products: readonly Product[]): PriceBand[] {
  const prices = products.map((p) => p.price).sort((a, b) => a - b);
  const lowest = prices[0];
  const highest = prices[prices.length - 1];
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a shortcut; no edge lies strictly between equal or missing prices
  if (lowest === undefined || highest === undefined || lowest === highest) return [];
  const edges: number[] = [];
  for (const share of [1 / 3, 2 / 3]) {
    // floor(length × share) < length for a share below 1: always a price of the list.
    const raw = prices[Math.floor(prices.length * share)]!;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: roundEdge(0) is NaN, which the check below drops too
    if (raw <= 0) continue;
    const edge = roundEdge(raw);
    // Above the previous edge (rounding keeps the order of the sorted prices, so this also drops a repeated edge).
    if (edge > (edges[edges.length - 1] ?? lowest) && edge < highest) edges.push(edge);
  }
  if (edges.length === 0) return [];
  const ranges: PriceRange[] = [{ min: null, max: edges[0]! }];
  for (let i = 1; i < edges.length; i++) ranges.push({ min: edges[i - 1]!, max: edges[i]! });
  ranges.push({ min: edges[edges.length - 1]!, max: null });
  return ranges
    .map((range) => ({
      range,
      label: priceRangeLabel(range),
      count: prices.filter((price) => inRange(price, range)).length,
    }))
    .filter((band) => band.count > 0);
}

/** "12 produtos", "1 produto", "Nenhum produto". */
export function productCountText(count: number): string {
  if (count === 0) return 'Nenhum produto';
  return `${count} ${count === 1 ? 'produto' : 'produtos'}`;
}

// --- The address ---------------------------------------------------------------------------------------------

const AMOUNT = /^\d{1,7}(?:\.\d{1,2})?$/;
/** The address's spelling of an amount: "100", "89.9". */
const formatAmount = (reais: number) => String(Number(reais.toFixed(2)));

export function formatPriceParam(range: PriceRange): string {
  return `${range.min === null ? '' : formatAmount(range.min)}-${range.max === null ? '' : formatAmount(range.max)}`;
}

/** "100-300", "-100", "300-", "89.9-150". Anything else (no dash, letters, both ends open, min > max) is null. */
export function parsePriceParam(value: string): PriceRange | null {
  const dash = value.indexOf('-');
  if (dash < 0) return null;
  const [low, high] = [value.slice(0, dash), value.slice(dash + 1)];
  if ((low !== '' && !AMOUNT.test(low)) || (high !== '' && !AMOUNT.test(high)) || (low === '' && high === ''))
    return null;
  const range = { min: low === '' ? null : Number(low), max: high === '' ? null : Number(high) };
  if (range.min !== null && range.max !== null && range.min > range.max) return null;
  return range;
}

const ORDER_IN_ADDRESS: Record<Exclude<BrowseOrder, 'padrao'>, string> = {
  'menor-preco': 'menor-preco',
  'maior-preco': 'maior-preco',
  nome: 'nome',
};
const isAddressOrder = (value: string): value is Exclude<BrowseOrder, 'padrao'> =>
  Object.hasOwn(ORDER_IN_ADDRESS, value);

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

export interface ParsedAddress {
  view: BrowseView;
  /**
   * The address as it should read: the same query string with `ordem` and `preco` spelled canonically (or left
   * out: unknown, malformed, repeated or default values). Other parameters (`q`) keep their own spelling.
   */
  canonical: string;
}

/** Splits a query string (with or without its `?`) into its parameters, keeping each one's raw text. */
function segments(search: string) {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((segment) => segment !== '')
    .map((raw) => {
      const equals = raw.indexOf('=');
      const key = decode(equals < 0 ? raw : raw.slice(0, equals));
      const value = equals < 0 ? '' : decode(raw.slice(equals + 1));
      return { raw, key, value };
    });
}

/** The query string for `view`, the parameters other than ours kept from `search` as they were written. */
export function addressFor(search: string, view: BrowseView): string {
  const kept = segments(search)
    .filter((s) => s.key !== ORDER_PARAM && s.key !== PRICE_PARAM)
    .map((s) => s.raw);
  if (view.order !== 'padrao') kept.push(`${ORDER_PARAM}=${ORDER_IN_ADDRESS[view.order]}`);
  if (view.price) kept.push(`${PRICE_PARAM}=${formatPriceParam(view.price)}`);
  return kept.join('&');
}

/** What the address asks for; whatever it says that we cannot read is ignored (and left out of `canonical`). */
export function parseAddress(search: string): ParsedAddress {
  const all = segments(search);
  const orders = all.filter((s) => s.key === ORDER_PARAM);
  const prices = all.filter((s) => s.key === PRICE_PARAM);
  // A repeated parameter is ambiguous: neither copy is believed.
  const orderValue = orders.length === 1 ? orders[0]!.value : null;
  const priceValue = prices.length === 1 ? prices[0]!.value : null;
  const view: BrowseView = {
    order: orderValue !== null && isAddressOrder(orderValue) ? orderValue : 'padrao',
    price: priceValue !== null ? parsePriceParam(priceValue) : null,
  };
  return { view, canonical: addressFor(search, view) };
}

/** The query string without its `?` and without empty `&` pieces: what `canonical` is compared with. */
export const normaliseSearch = (search: string) =>
  segments(search)
    .map((s) => s.raw)
    .join('&');

/** Reads a price typed by the shopper: "89,90", "89.90", "R$ 100", "1.500" (thousands) or blank (open end). */
export function parseTypedPrice(text: string): number | null | undefined {
  const cleaned = text.replace(/R\$/i, '').replace(/\s/g, '');
  if (cleaned === '') return null;
  // pt-BR: "." groups thousands, "," marks centavos; a lone "." followed by 1–2 digits is read as centavos too.
  const normalised = /^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(cleaned)
    ? cleaned.replace(/\./g, '').replace(',', '.')
    : cleaned.replace(',', '.');
  if (!AMOUNT.test(normalised)) return undefined;
  return Number(normalised);
}

/** The range of the "Mínimo"/"Máximo" pair, ends swapped if typed the wrong way round; undefined if unreadable. */
export function typedPriceRange(minText: string, maxText: string): PriceRange | null | undefined {
  const min = parseTypedPrice(minText);
  const max = parseTypedPrice(maxText);
  if (min === undefined || max === undefined) return undefined;
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min > max) return { min: max, max: min };
  return { min, max };
}
