import { ClubError, type Category } from '../../domain';
export { MalformedDocumentError } from '../../domain';

export interface CatalogPort {
  /** Every category, in display order. Throws MalformedDocumentError (with the document id) on a bad document. */
  listCategories(): Promise<Category[]>;
  /** The category whose `id` field equals `id` (SPEC §7). Throws CategoryNotFoundError when there is none. */
  getCategory(id: string): Promise<Category>;
}

export class CategoryNotFoundError extends ClubError {
  readonly categoryId: string;
  constructor(categoryId: string) {
    super('catalog/not-found', `No category with id "${categoryId}"`);
    this.categoryId = categoryId;
  }
}
export class CatalogUnavailableError extends ClubError {
  constructor(detail: string, options?: { cause?: unknown }) {
    super('catalog/unavailable', `Catalog unavailable: ${detail}`, options);
  }
}
