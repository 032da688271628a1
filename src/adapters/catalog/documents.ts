import { CategoryStruct, MalformedDocumentError, type Category } from '../../domain';

/**
 * Display order of the shop's categories (the original shop's home grid). A document may carry a numeric
 * `order` field that wins over this list; it is read here and removed before CategoryStruct validation.
 */
export const CATEGORY_DISPLAY_ORDER = ['jackets', 'sneakers', 'male', 'female', 'hats'] as const;

export interface CategoryDocument {
  category: Category;
  order: number | undefined;
}

/** Validates one raw `categories` document. Throws MalformedDocumentError naming the document. */
export function toCategoryDocument(documentId: string, data: unknown): CategoryDocument {
  let order: number | undefined;
  let rest: unknown = data;
  if (data !== null && typeof data === 'object' && !Array.isArray(data) && 'order' in data) {
    const { order: rawOrder, ...others } = data as Record<string, unknown>;
    if (typeof rawOrder !== 'number' || !Number.isFinite(rawOrder))
      throw new MalformedDocumentError('categories', documentId, 'order must be a finite number');
    order = rawOrder;
    rest = others;
  }
  const [error, category] = CategoryStruct.validate(rest);
  if (error) {
    const path = error.path.join('.') || '(document)';
    throw new MalformedDocumentError('categories', documentId, `${path}: ${error.message}`);
  }
  return { category, order };
}

/** Stable display order: explicit `order`, then the shop's known list, then id; ties keep their input order. */
export function sortCategoryDocuments(documents: readonly CategoryDocument[]): Category[] {
  const known = (id: string) => {
    const index = (CATEGORY_DISPLAY_ORDER as readonly string[]).indexOf(id);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return documents
    .map((doc, index) => ({ doc, index }))
    .sort((a, b) => {
      const byOrder = (a.doc.order ?? Number.POSITIVE_INFINITY) - (b.doc.order ?? Number.POSITIVE_INFINITY);
      if (byOrder) return byOrder;
      const byKnown = known(a.doc.category.id) - known(b.doc.category.id);
      if (byKnown) return byKnown;
      if (a.doc.category.id !== b.doc.category.id) return a.doc.category.id < b.doc.category.id ? -1 : 1;
      return a.index - b.index;
    })
    .map(({ doc }) => doc.category);
}
