import { expect, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject } from 'xstate';
import type { Category, Product, ProductInCategory } from '../../../src/domain';
import {
  CatalogUnavailableError,
  CategoryNotFoundError,
  type CategoryProductsPage,
} from '../../../src/adapters/catalog/catalogPort';
import { catalogMachine, createCatalogActors } from '../../../src/machines/catalogMachine';
import { fakeCatalog, type FakeCatalog } from '../../support/fakes/fakePorts';
import { tick } from '../../support/fakes/controllable';
import { coveringWalks, pathName, type ModelPath, type TransitionRecorder, type shortestPaths } from './modelGraph';

const product = (id: string, price: number) => ({ id, name: id, imageUrl: `/images/${id}.svg`, price });
const jaquetasListed: Category = {
  id: 'jaquetas',
  name: 'jackets',
  displayName: 'Jaquetas',
  imageUrl: '/images/jaquetas.svg',
  products: [product('jaqueta-couro-preta', 500)],
};
/**
 * The fresh read of the category page has more than the list did, so the test can tell which one shows. Its
 * document is a preview: `productCount` says the `products` collection holds JAQUETAS_STORED.length of them.
 */
const jaquetasPreview = [...jaquetasListed.products, product('blazer-bege', 400)];
/** The category's `products` documents by position (gaps of 2, so a cursor is a position, not an index). */
const JAQUETAS_STORED = [
  ...jaquetasPreview,
  ...Array.from({ length: 58 }, (_, index) => product(`jaqueta-${index}`, 100 + index)),
].map((p, index) => ({
  product: p,
  position: index * 2,
}));
const jaquetasFresh: Category = { ...jaquetasListed, products: jaquetasPreview, productCount: JAQUETAS_STORED.length };
/** The agreed page size past the preview, written here; the first read starts over and covers the preview too. */
const PAGE_SIZE = 48;
const pageRequest = (category: Category | null, after: number | undefined) => ({
  ...(after === undefined ? {} : { after }),
  limit: after === undefined ? Math.min(100, (category?.products.length ?? 0) + PAGE_SIZE) : PAGE_SIZE,
});
/** The page Firestore answers for a request: positions after `after`, at most `limit`, the cursor if full. */
function storedPage({ after, limit }: { after?: number; limit: number }): CategoryProductsPage {
  const page = JAQUETAS_STORED.filter((stored) => after === undefined || stored.position > after).slice(0, limit);
  return {
    products: page.map((stored) => stored.product),
    nextAfter: page.length === limit ? page.at(-1)!.position : null,
  };
}
/** What the page lists: the category document's products until a page has come, then the pages (from the start). */
const shownOf = (category: Category | null, more: readonly Product[]): readonly Product[] =>
  more.length > 0 ? more : (category?.products ?? []);
const pageAnswerStale: CategoryProductsPage = { products: [product('resposta-antiga', 1)], nextAfter: 999 };
const tenis: Category = {
  id: 'tenis',
  name: 'sneakers',
  displayName: 'Tênis',
  imageUrl: '/images/tenis.svg',
  products: [],
};
const listed = [jaquetasListed, tenis];
/** A stale answer for an earlier request; it must never show. */
const staleAnswer: Category = { ...tenis, id: 'stale', displayName: 'Resposta antiga' };

/** A prerendered /category/jaquetas page: its snapshot, with one category of the list not yet known. */
export const prerenderedSnapshot: { categories: Category[]; category?: Category } = {
  categories: [jaquetasListed],
  category: jaquetasListed,
};
/** A /product/blazer-bege page rendered on request: its category holds it, the live list will not. */
export const productPageSnapshot: typeof prerenderedSnapshot = { categories: [jaquetasFresh] };

/** The agreed catalog deadline, written here (not read from the machine). */
const DEADLINE_MS = 8_000;
const LIST_AFTER = [
  'xstate.after.catalogTimeout.catalog.list.loading',
  'xstate.after.catalogTimeout.catalog.list.refreshing',
];
const CATEGORY_AFTER = 'xstate.after.catalogTimeout.catalog.category.loading';
const PRODUCT_AFTER = 'xstate.after.catalogTimeout.catalog.product.loading';
const PAGES_AFTER = 'xstate.after.catalogTimeout.catalog.pages.loadingMore';

/** Read alone: in the fresh category, never in the list (a category document holds a preview only). */
const blazerAlone: ProductInCategory = {
  product: jaquetasFresh.products[1]!,
  category: jaquetasListed,
  related: [jaquetasListed.products[0]!],
};
/** Product page ids: one in the list (and the prerendered snapshot), one only readable alone, one unknown. */
const PRODUCT_IDS = ['jaqueta-couro-preta', 'blazer-bege', 'nada'];
/** Where the test finds a product in the categories it expects the machine to hold. */
function listedIn(categories: Category[], id: string): ProductInCategory | null {
  for (const category of categories) {
    const index = category.products.findIndex((p) => p.id === id);
    if (index >= 0)
      return {
        product: category.products[index]!,
        category,
        related: category.products.filter((p) => p.id !== id).slice(0, 4),
      };
  }
  return null;
}
const loading = (
  snapshot: { matches: (value: never) => boolean },
  region: 'list' | 'category' | 'product' | 'pages',
) =>
  region === 'list'
    ? snapshot.matches({ list: 'loading' } as never) || snapshot.matches({ list: 'refreshing' } as never)
    : region === 'pages'
      ? snapshot.matches({ pages: 'loadingMore' } as never)
      : snapshot.matches({ [region]: 'loading' } as never);

const catalogVariants: Parameters<typeof shortestPaths<typeof catalogMachine>>[1]['variants'] = (type, snapshot) => {
  switch (type) {
    case 'xstate.done.actor.listCategories':
    case 'xstate.done.actor.refreshCategories':
      return [{ type, output: listed }];
    case 'xstate.error.actor.listCategories':
    case 'xstate.error.actor.refreshCategories':
      return [{ type, error: new CatalogUnavailableError('offline') }];
    // One page at a time: a category page, or a product page.
    // While a page of it is read, another category (the page answers the category it was asked for).
    case 'catalog.category.show':
      return snapshot.matches({ product: 'idle' })
        ? ['jaquetas', 'nada']
            .filter((id) => !loading(snapshot, 'pages') || id !== snapshot.context.categoryId)
            .map((id) => ({ type, id }))
        : [];
    case 'catalog.product.show':
      return snapshot.matches({ category: 'idle' }) ? PRODUCT_IDS.map((id) => ({ type, id })) : [];
    case 'xstate.done.actor.getProduct':
      return [{ type, output: snapshot.context.productId === 'blazer-bege' ? blazerAlone : null }];
    case 'xstate.error.actor.getProduct':
      return [{ type, error: new CatalogUnavailableError('offline') }];
    case 'xstate.done.actor.getCategory':
      return snapshot.context.categoryId === 'jaquetas' ? [{ type, output: jaquetasFresh }] : [];
    case 'xstate.error.actor.getCategory':
      return [
        new CategoryNotFoundError(snapshot.context.categoryId ?? '?'),
        new CatalogUnavailableError('offline'),
      ].map((error) => ({ type, error }));
    // One region's deadline at a time: while the other region also waits, both timers would end together.
    case LIST_AFTER[0]:
    case LIST_AFTER[1]:
      return loading(snapshot, 'category') || loading(snapshot, 'product') || loading(snapshot, 'pages')
        ? []
        : [{ type }];
    case CATEGORY_AFTER:
      return loading(snapshot, 'list') || loading(snapshot, 'product') || loading(snapshot, 'pages') ? [] : [{ type }];
    case PRODUCT_AFTER:
      return loading(snapshot, 'list') || loading(snapshot, 'category') ? [] : [{ type }];
    case PAGES_AFTER:
      return loading(snapshot, 'list') || loading(snapshot, 'category') ? [] : [{ type }];
    // The grid nears its end: only on a category page.
    // Not while the category document is read again (a page answers for the category it was asked with), nor
    // while the list is read (the regions are independent: their interleavings would only multiply the paths).
    case 'catalog.category.more':
    case 'catalog.category.more.retry':
      return snapshot.context.categoryId === null || loading(snapshot, 'category') || loading(snapshot, 'list')
        ? []
        : [{ type }];
    case 'xstate.done.actor.listCategoryProducts':
      return [{ type, output: storedPage(pageRequest(snapshot.context.category, snapshot.context.after)) }];
    case 'xstate.error.actor.listCategoryProducts':
      return [{ type, error: new CatalogUnavailableError('offline') }];
    default:
      return undefined;
  }
};

// Walks that take every transition of the model (coveringWalks in ./graph) rather than one shortest path per
// (state, event, previous state): a start costs as little as a step here, but the shortest paths repeat their
// prefixes thousands of times.
const WALK_STEPS = 60;
/** The SPA shell: nothing known, the list read starts at once. */
export const catalogPaths = coveringWalks(catalogMachine, { maxSteps: WALK_STEPS, variants: catalogVariants });
/** A prerendered page: starts from its snapshot; reads the live list on `catalog.refresh` (after hydration). */
export const prerenderedCatalogPaths = coveringWalks(catalogMachine, {
  input: prerenderedSnapshot,
  maxSteps: WALK_STEPS,
  variants: catalogVariants,
});
export const productPagePaths = coveringWalks(catalogMachine, {
  input: productPageSnapshot,
  maxSteps: WALK_STEPS,
  variants: catalogVariants,
});

export const catalogPathName = (path: Pick<ModelPath<typeof catalogMachine>, 'steps'>) =>
  pathName(path, (event) => {
    const e = event as EventObject & {
      id?: string;
      output?: Category | Category[] | ProductInCategory | CategoryProductsPage | null;
      error?: { code: string };
    };
    if (e.id) return e.id;
    if (e.error) return e.error.code;
    if (Array.isArray(e.output)) return `${e.output.length} categories`;
    if (e.output && 'nextAfter' in e.output) return `${e.output.products.length} products`;
    if (e.output === null) return 'none';
    return e.output ? ('product' in e.output ? e.output.product.id : e.output.id) : '';
  });

export type CatalogWiring = (catalog: FakeCatalog) => ReturnType<typeof createCatalogActors>;
export const productionCatalogWiring: CatalogWiring = (catalog) => createCatalogActors({ catalog: catalog.port });

/**
 * Drives a real catalog actor along one path. Before the answer for the category on screen, every earlier
 * (abandoned) request answers with a stale category: the page must keep showing the latest one.
 */
export async function runCatalogPath(
  path: ModelPath<typeof catalogMachine>,
  wiring: CatalogWiring = productionCatalogWiring,
  prerendered?: typeof prerenderedSnapshot,
  recorder?: TransitionRecorder,
) {
  const catalog = fakeCatalog();
  const logError = vi.fn();
  const clock = new SimulatedClock();
  const actor = createActor(
    catalogMachine.provide({ actors: wiring(catalog), actions: { logError: (_, params) => logError(params) } }),
    { inspect: recorder?.inspect, input: prerendered, clock },
  );
  /** Lets the deadline pass, checking that nothing happened a millisecond before it. */
  const passDeadline = (at: string) => {
    const before = JSON.stringify(actor.getSnapshot().value);
    clock.increment(DEADLINE_MS - 1);
    expect(JSON.stringify(actor.getSnapshot().value), `${at}: before the deadline`).toBe(before);
    clock.increment(1);
  };
  // With a snapshot, nothing is read before `catalog.refresh`, and no list read ever shows the overlay.
  const ref = {
    listCalls: 0,
    shows: [] as string[],
    categories: prerendered ? [...prerendered.categories] : ([] as Category[]),
    category: prerendered?.category ?? (null as Category | null),
    errors: 0,
    listLoading: !prerendered,
    categoryLoading: false,
    /** Settled: the list will not change without a retry (read, failed, or out of time). */
    listSettled: false,
    productId: null as string | null,
    product: null as ProductInCategory | null,
    /** wanting: not in the list, which may still bring it; listed; reading: getProduct asked; answered. */
    productPhase: 'none' as 'none' | 'wanting' | 'listed' | 'reading' | 'answered',
    productReads: [] as string[],
    categoryId: prerendered?.category?.id ?? (null as string | null),
    pages: 'idle' as 'idle' | 'loadingMore' | 'failed' | 'complete',
    more: [] as Product[],
    after: undefined as number | undefined,
    pageReads: [] as Array<[string, { after?: number; limit: number }]>,
  };
  const readPage = () => {
    ref.pages = 'loadingMore';
    ref.pageReads.push([ref.categoryId!, pageRequest(ref.category, ref.after)]);
  };
  /** Abandoned page reads answer late: what the page lists must not change. */
  const answerStalePages = async () => {
    for (const call of catalog.listCategoryProducts.pending()) call.resolve(pageAnswerStale);
    await tick();
  };
  /** What the product page's region should have done by now, from the list the test expects. */
  const followProduct = () => {
    if (ref.productPhase !== 'wanting' && ref.productPhase !== 'listed') return;
    const listed = listedIn(ref.categories, ref.productId!);
    if (listed) {
      // Kept as found when it was first listed (the page prefers the list's own copy while it has one).
      if (ref.productPhase !== 'listed') ref.product = listed;
      ref.productPhase = 'listed';
    } else if (ref.listSettled) {
      ref.productPhase = 'reading';
      ref.productReads.push(ref.productId!);
    } else ref.productPhase = 'wanting';
  };
  const answerStaleProducts = async () => {
    for (const call of catalog.getProduct.pending().slice(0, -1)) call.resolve(blazerAlone);
    await tick();
  };
  const answerStale = async () => {
    for (const call of catalog.getCategory.pending().slice(0, -1)) call.resolve(staleAnswer);
    await tick();
  };
  try {
    for (const [index, { event, state: expected }] of path.steps.entries()) {
      const e = event as EventObject & { id?: string; output?: unknown; error?: { code: string } };
      switch (e.type) {
        case 'xstate.init':
          actor.start();
          ref.listCalls = prerendered ? 0 : 1;
          break;
        case 'catalog.refresh':
          actor.send(event as never);
          ref.listCalls += 1;
          ref.listSettled = false;
          break;
        case 'xstate.done.actor.refreshCategories':
          catalog.listCategories.latest().resolve(e.output as Category[]);
          await tick();
          ref.categories = e.output as Category[];
          ref.listSettled = true;
          break;
        case 'xstate.error.actor.refreshCategories':
          catalog.listCategories.latest().reject(e.error);
          await tick();
          ref.errors += 1; // the snapshot stays
          ref.listSettled = true;
          break;
        case 'xstate.done.actor.listCategories':
          catalog.listCategories.latest().resolve(e.output as Category[]);
          await tick();
          ref.categories = e.output as Category[];
          ref.listLoading = false;
          ref.listSettled = true;
          break;
        case 'xstate.error.actor.listCategories':
          catalog.listCategories.latest().reject(e.error);
          await tick();
          ref.errors += 1;
          ref.listLoading = false;
          ref.listSettled = true;
          break;
        case 'catalog.list.retry':
          actor.send(event as never);
          ref.listCalls += 1;
          ref.listSettled = false;
          ref.listLoading = !prerendered; // over a snapshot the retry reads behind the content
          break;
        case 'catalog.category.show':
          actor.send(event as never);
          if (e.id !== ref.categoryId) {
            // Another category starts over; one whose page was on its way answers too late to show.
            ref.categoryId = e.id!;
            ref.pages = 'idle';
            ref.more = [];
            ref.after = undefined;
            await answerStalePages();
          }
          ref.shows.push(e.id!);
          ref.category =
            (ref.category?.id === e.id ? ref.category : null) ?? ref.categories.find((c) => c.id === e.id) ?? null;
          ref.categoryLoading = true;
          break;
        case 'xstate.done.actor.getCategory':
          await answerStale();
          catalog.getCategory.latest().resolve(e.output as Category);
          await tick();
          ref.category = e.output as Category;
          ref.categoryLoading = false;
          break;
        case 'xstate.error.actor.getCategory':
          await answerStale();
          catalog.getCategory.latest().reject(e.error);
          await tick();
          if (e.error!.code === 'catalog/not-found') ref.category = null;
          else ref.errors += 1;
          ref.categoryLoading = false;
          break;
        case LIST_AFTER[0]:
        case LIST_AFTER[1]:
          passDeadline(`step ${index}`);
          ref.errors += 1; // logged; a snapshot on screen stays, the shell offers "Tentar novamente"
          ref.listLoading = false;
          ref.listSettled = true;
          // The abandoned read answers late: it must not change what is shown.
          for (const call of catalog.listCategories.pending()) call.resolve([staleAnswer]);
          await tick();
          break;
        case CATEGORY_AFTER:
          passDeadline(`step ${index}`);
          ref.errors += 1;
          ref.categoryLoading = false;
          for (const call of catalog.getCategory.pending()) call.resolve(staleAnswer);
          await tick();
          break;
        case 'catalog.product.show':
          actor.send(event as never);
          ref.product = ref.product?.product.id === e.id ? ref.product : null;
          ref.productId = e.id!;
          ref.productPhase = 'wanting';
          break;
        case 'xstate.done.actor.getProduct':
          await answerStaleProducts();
          catalog.getProduct.latest().resolve(e.output as ProductInCategory | null);
          await tick();
          ref.product = e.output as ProductInCategory | null;
          ref.productPhase = 'answered';
          break;
        case 'xstate.error.actor.getProduct':
          await answerStaleProducts();
          catalog.getProduct.latest().reject(e.error);
          await tick();
          ref.errors += 1; // the product last found stays
          ref.productPhase = 'answered';
          break;
        case 'catalog.product.retry':
          actor.send(event as never);
          ref.productPhase = 'reading';
          ref.productReads.push(ref.productId!);
          break;
        case PRODUCT_AFTER:
          passDeadline(`step ${index}`);
          ref.errors += 1;
          ref.productPhase = 'answered';
          for (const call of catalog.getProduct.pending()) call.resolve(null); // a late answer must not change the page
          await tick();
          break;
        case 'catalog.category.more': {
          actor.send(event as never);
          const count = ref.category?.productCount;
          if (typeof count === 'number' && shownOf(ref.category, ref.more).length < count) readPage();
          else ref.pages = 'complete'; // its document lists every product: nothing is read
          break;
        }
        case 'catalog.category.more.retry':
          actor.send(event as never);
          readPage();
          break;
        case 'xstate.done.actor.listCategoryProducts': {
          const page = e.output as CategoryProductsPage;
          catalog.listCategoryProducts.latest().resolve(page);
          await tick();
          ref.more = [...ref.more, ...page.products];
          if (page.nextAfter !== null) ref.after = page.nextAfter;
          ref.pages = page.nextAfter === null ? 'complete' : 'idle'; // a full page may be the last: the next trigger tells
          break;
        }
        case 'xstate.error.actor.listCategoryProducts':
          catalog.listCategoryProducts.latest().reject(e.error);
          await tick();
          ref.errors += 1; // the products on screen stay
          ref.pages = 'failed';
          break;
        case PAGES_AFTER:
          passDeadline(`step ${index}`);
          ref.errors += 1;
          ref.pages = 'failed';
          await answerStalePages();
          break;
        default:
          throw new Error(`no driver for ${e.type}`);
      }
      followProduct();
      const at = `step ${index} (${e.type})`;
      const snapshot = actor.getSnapshot();
      expect(snapshot.value, at).toEqual(expected.value);
      expect(snapshot.status, at).toBe(expected.status);
      expect(catalog.listCategories.calls.length, at).toBe(ref.listCalls);
      expect(
        catalog.getCategory.calls.map((c) => c.args[0]),
        at,
      ).toEqual(ref.shows);
      expect(snapshot.context.categories, at).toEqual(ref.categories);
      expect(snapshot.context.category, at).toEqual(ref.category);
      expect(snapshot.context.productId, at).toBe(ref.productId);
      expect(snapshot.context.product, at).toEqual(ref.product);
      expect(
        catalog.getProduct.calls.map((c) => c.args[0]),
        at,
      ).toEqual(ref.productReads);
      expect(snapshot.hasTag('busy'), at).toBe(ref.listLoading || ref.categoryLoading);
      expect(logError, at).toHaveBeenCalledTimes(ref.errors);
      expect(snapshot.matches({ pages: ref.pages }), `${at}: pages ${ref.pages}`).toBe(true);
      expect(
        catalog.listCategoryProducts.calls.map((c) => c.args),
        at,
      ).toEqual(ref.pageReads);
      expect(snapshot.context.more, at).toEqual(ref.more);
    }
  } finally {
    actor.stop();
  }
}
