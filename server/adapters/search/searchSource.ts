// Where the backend's search index reads the catalog: the `products` collection (one document per product, the
// source of truth of the large-catalog model, docs/adapters.md) and the categories' display names.
import { ClubError } from '../../../src/domain';

/** What the index keeps of a product and answers: the storefront's card plus its category. */
export interface SearchProduct {
  id: string;
  name: string;
  imageUrl: string;
  price: number;
  categoryId: string;
}

export interface ProductSource {
  /** Every product, in pages of at most `pageSize`, in a stable order (one read per page, never all at once). */
  pages(pageSize: number): AsyncIterable<SearchProduct[]>;
  /** Each category's display name by id (a product is also found by its category's name). */
  categoryNames(): Promise<Map<string, string>>;
}

export class ProductSourceUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('search/source-unavailable', `Products could not be read: ${detail}`, options);
  }
}

/** A product document as the index accepts it (SearchProduct's fields, bounded like ProductStruct), else null. */
export function toSearchProduct(id: string, data: Record<string, unknown>): SearchProduct | null {
  const { name, imageUrl, price, categoryId } = data;
  if (typeof name !== 'string' || name.length === 0 || name.length > 200) return null;
  if (typeof imageUrl !== 'string' || imageUrl.length === 0) return null;
  if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return null;
  if (typeof categoryId !== 'string' || categoryId.length === 0) return null;
  return { id, name, imageUrl, price, categoryId };
}
