// The data a prerendered page carries for its first client render: the catalog it was rendered with (so
// hydration renders exactly the server's HTML), its path, and whether the server answered 404. Written by
// src/prerender.tsx, read and validated by src/main.tsx: a tampered or stale block is ignored (the page then
// renders from the live catalog), never trusted.
import { array, boolean, literal, nullable, object, optional, record, string, type Infer } from 'superstruct';
import { CategoryStruct } from './domain';
import { StockUnits } from './domain/stock';

export const BOOT_DATA_ID = 'club-boot';

export const BootDataStruct = object({
  version: literal(1),
  path: string(),
  notFound: boolean(),
  catalog: object({ categories: array(CategoryStruct), category: nullable(CategoryStruct) }),
  /**
   * The live stock the page was rendered with (product id → units; a product not in it shows no badge). Only a
   * page rendered on request carries it: the build's pages would carry a count that goes stale with every sale.
   */
  stock: optional(record(string(), StockUnits)),
});
export type BootData = Infer<typeof BootDataStruct>;

/** JSON safe inside <script>: no `</script>`, no `<!--`, no U+2028/2029 surprises. */
export function serializeBootData(data: BootData): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function bootDataScript(data: BootData): string {
  return `<script type="application/json" id="${BOOT_DATA_ID}">${serializeBootData(data)}</script>`;
}

/** The page's boot data, or null when there is none or it does not validate (then logged). */
export function readBootData(doc: Document, log: (message: string, error: unknown) => void): BootData | null {
  const element = doc.getElementById(BOOT_DATA_ID);
  if (!element?.textContent) return null;
  try {
    const [error, data] = BootDataStruct.validate(JSON.parse(element.textContent));
    if (error) throw error;
    return data;
  } catch (error) {
    log('[boot] the embedded catalog is invalid; rendering from the live catalog', error);
    return null;
  }
}
