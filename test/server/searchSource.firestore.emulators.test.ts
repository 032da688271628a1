// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { firestoreProductSource } from '../../server/adapters/search/firestoreSource';
import type { SearchProduct } from '../../server/adapters/search/searchSource';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { useAdminFirestore } from './support';
import { testProductSource, type SourceDocuments } from './searchSource.contract';

// The backend's search source (firebase-admin) on the Firestore emulator; each test writes its own documents.
describe.skipIf(emulatorsUnavailable())('Firestore emulator (firebase-admin): the search source', () => {
  const emulators = useEmulators();
  const db = useAdminFirestore(emulators, 'search-source');

  const write = async (documents: { products: Record<string, object>; categories: Record<string, object> }) => {
    await emulators().clearFirestore();
    const batch = db().batch();
    for (const [id, data] of Object.entries(documents.products)) batch.set(db().collection('products').doc(id), data);
    for (const [id, data] of Object.entries(documents.categories))
      batch.set(db().collection('categories').doc(id), data);
    await batch.commit();
  };

  testProductSource('firestoreProductSource', async (documents: SourceDocuments) => {
    await write(documents);
    return firestoreProductSource({ firestore: db() });
  });

  it('skips and logs a malformed product; the others are read', async () => {
    await write({
      products: {
        'a-boa': { name: 'Boa', imageUrl: '/images/a.svg', price: 10, categoryId: 'x' },
        'b-ruim': { name: 'Ruim', imageUrl: '/images/b.svg', price: 'dez', categoryId: 'x' },
        'c-boa': { name: 'Outra', imageUrl: '/images/c.svg', price: 12.5, categoryId: 'x' },
      },
      categories: {},
    });
    const logged: unknown[] = [];
    const source = firestoreProductSource({ firestore: db(), log: (_message, detail) => logged.push(detail) });
    const read: SearchProduct[] = [];
    for await (const page of source.pages(2)) read.push(...page);
    expect(read.map((p) => p.id)).toEqual(['a-boa', 'c-boa']);
    expect(logged).toEqual([{ documentId: 'b-ruim' }]);
  });
});
