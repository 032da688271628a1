import { collection, getDocs, query, where, type Firestore } from 'firebase/firestore/lite';
import { ClubError } from '../../domain';
import { CatalogUnavailableError, CategoryNotFoundError, type CatalogPort } from './port';
import { sortCategoryDocuments, toCategoryDocument } from './documents';

/**
 * CatalogPort over Cloud Firestore (lite SDK: one-shot reads, no realtime). SPEC §7: all categories for the
 * home grid and the explore page; `categories where id == <route id>` for a category page. Every document is
 * validated; an optional numeric `order` field sets the display order.
 */
export function createFirestoreCatalog({ db }: { db: Firestore }): CatalogPort {
  const categories = collection(db, 'categories');
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ClubError) throw error;
      throw new CatalogUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  };
  return {
    listCategories: () =>
      guard(async () => {
        const snapshot = await getDocs(categories);
        return sortCategoryDocuments(snapshot.docs.map((doc) => toCategoryDocument(doc.id, doc.data())));
      }),
    getCategory: (id) =>
      guard(async () => {
        const snapshot = await getDocs(query(categories, where('id', '==', id)));
        // Several documents with the same id field would be a seeding mistake; the first by key wins.
        const doc = [...snapshot.docs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))[0];
        if (!doc) throw new CategoryNotFoundError(id);
        return toCategoryDocument(doc.id, doc.data()).category;
      }),
  };
}
