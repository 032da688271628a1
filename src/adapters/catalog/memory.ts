import type { Category } from '../../domain';
import { CategoryNotFoundError, type CatalogPort } from './port';
import { sortCategoryDocuments, toCategoryDocument } from './documents';

/**
 * In-memory CatalogPort. Give it categories (document id = category id, display order = array order) or raw
 * documents keyed by document id (validated on every read, like Firestore, so a malformed one can be tested).
 */
export function memoryCatalog(source: readonly Category[] | Readonly<Record<string, unknown>>): CatalogPort {
  const documents: Array<[string, unknown]> = Array.isArray(source)
    ? (source as readonly Category[]).map((category, index) => [category.id, { ...structuredClone(category), order: index }])
    : Object.entries(structuredClone(source));
  const readAll = () => documents.map(([documentId, data]) => toCategoryDocument(documentId, structuredClone(data)));
  return {
    async listCategories() {
      return sortCategoryDocuments(readAll());
    },
    async getCategory(id) {
      const matching = documents.filter(([, data]) => (data as { id?: unknown } | null)?.id === id);
      const first = matching[0];
      if (!first) throw new CategoryNotFoundError(id);
      return toCategoryDocument(first[0], structuredClone(first[1])).category;
    },
  };
}
