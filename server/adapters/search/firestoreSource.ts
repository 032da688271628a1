import { FieldPath, type Firestore, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { ProductSourceUnavailableError, toSearchProduct, type ProductSource, type SearchProduct } from './searchSource';

export const PRODUCTS_COLLECTION = 'products';
const CATEGORIES_COLLECTION = 'categories';

/**
 * ProductSource over firebase-admin: `products` read by document id in pages (`orderBy(__name__)` +
 * `startAfter` + `limit`), only the fields the index keeps (`select`: no description); categories' `id` and
 * `displayName`. A malformed product is skipped and logged, never the whole build.
 */
export function firestoreProductSource({
  firestore,
  log = console.warn,
}: {
  firestore: Firestore;
  log?: (message: string, detail: unknown) => void;
}): ProductSource {
  const products = firestore.collection(PRODUCTS_COLLECTION);
  return {
    async *pages(pageSize) {
      let after: QueryDocumentSnapshot | undefined;
      for (;;) {
        let query = products
          .select('name', 'imageUrl', 'price', 'categoryId')
          .orderBy(FieldPath.documentId())
          .limit(pageSize);
        if (after) query = query.startAfter(after);
        let docs: QueryDocumentSnapshot[];
        try {
          docs = (await query.get()).docs;
        } catch (error) {
          throw new ProductSourceUnavailableError((error as Error).message, { cause: error });
        }
        const page: SearchProduct[] = [];
        for (const doc of docs) {
          const product = toSearchProduct(doc.id, doc.data());
          if (product) page.push(product);
          else log('[search] skipped a malformed product', { documentId: doc.id });
        }
        if (page.length > 0) yield page;
        if (docs.length < pageSize) return;
        after = docs[docs.length - 1];
      }
    },
    async categoryNames() {
      try {
        const snapshot = await firestore.collection(CATEGORIES_COLLECTION).select('id', 'displayName').get();
        const names = new Map<string, string>();
        for (const doc of snapshot.docs) {
          const { id, displayName } = doc.data() as { id?: unknown; displayName?: unknown };
          if (typeof displayName === 'string') names.set(typeof id === 'string' ? id : doc.id, displayName);
        }
        return names;
      } catch (error) {
        throw new ProductSourceUnavailableError((error as Error).message, { cause: error });
      }
    },
  };
}
