import type { Firestore } from 'firebase-admin/firestore';
import { MalformedDocumentError } from '../../src/domain';
import {
  sortCategoryDocuments,
  toCategoryDocument,
  withProductCount,
} from '../../src/adapters/catalog/catalogDocuments';
import {
  CatalogUnavailableError,
  CategoryNotFoundError,
  type CatalogPort,
} from '../../src/adapters/catalog/catalogPort';

export const CATEGORIES_COLLECTION = 'categories';

/**
 * CatalogPort over firebase-admin Firestore (the server reads the same `categories` documents as the
 * storefront, validated the same way). Caching lives in the PriceBook (server/adapters/cachedCatalog.ts).
 */
export function createAdminCatalog({ firestore }: { firestore: Firestore }): CatalogPort {
  const categories = firestore.collection(CATEGORIES_COLLECTION);
  const read = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof MalformedDocumentError || error instanceof CategoryNotFoundError) throw error;
      throw new CatalogUnavailableError(`${what}: ${(error as Error).message}`, { cause: error });
    }
  };
  return {
    listCategories: () =>
      read('list categories', async () => {
        const snapshot = await categories.get();
        return sortCategoryDocuments(snapshot.docs.map((doc) => toCategoryDocument(doc.id, doc.data())));
      }),
    getCategory: (id) =>
      read(`category ${id}`, async () => {
        const snapshot = await categories.where('id', '==', id).limit(1).get();
        const doc = snapshot.docs[0];
        if (!doc) throw new CategoryNotFoundError(id);
        return withProductCount(toCategoryDocument(doc.id, doc.data()));
      }),
  };
}
