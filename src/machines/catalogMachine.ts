import { assign, fromPromise, not, or, setup, stateIn, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { findProduct, type Category, type Product, type ProductInCategory } from '../domain';
import type { CatalogPort, CategoryProductsPage, ProductCatalogPort } from '../adapters/catalog/catalogPort';

/** How long a catalog read may take before the shopper is told (a prerendered page just keeps its snapshot). */
export const CATALOG_TIMEOUT_MS = 8_000;
/** Shown, with "Tentar novamente", when the category list cannot be read and nothing is on screen. */
export const CATALOG_FAILED_MESSAGE = 'Não foi possível carregar as categorias.';

/** Products read per page past a category's own list (twelve rows of four). */
export const CATEGORY_PAGE_SIZE = 48;

const logTimeout = (during: string) =>
  ({
    type: 'logError',
    params: () => ({ error: new Error(`no answer in ${CATALOG_TIMEOUT_MS} ms`), during }),
  }) as const;

/**
 * The catalog as the UI sees it: the category list (home, explore), the category on screen (/category/:id)
 * and a product page's product when no category preview holds it. Pages send `catalog.category.show` or
 * `catalog.product.show` and render state; they never fetch.
 */
export interface CatalogContext {
  categories: Category[];
  /** The id the category page asked for, and what we know about it. */
  categoryId: string | null;
  category: Category | null;
  /** The id the product page asked for, and the product as last found (in the list, or read alone). */
  productId: string | null;
  product: ProductInCategory | null;
  /** Products of `categoryId` read page by page past its own list (a preview of `productCount`). */
  more: Product[];
  /** The last position read; undefined before the first page. */
  after: number | undefined;
}

/**
 * What the category page lists: its document's products until a page has been read, then the pages read (the
 * first starts at the beginning, so it holds the preview's products, as the `products` collection orders them).
 */
export const categoryProductsOf = ({ category, more }: Pick<CatalogContext, 'category' | 'more'>): Product[] =>
  more.length ? more : (category?.products ?? []);

export type CatalogEvent =
  | { type: 'catalog.category.show'; id: string }
  | { type: 'catalog.list.retry' }
  /** The product page's id: read alone when the categories held do not have it (only a preview of each). */
  | { type: 'catalog.product.show'; id: string }
  | { type: 'catalog.product.retry' }
  /** The category page's grid has come near the end of the products it holds. */
  | { type: 'catalog.category.more' }
  | { type: 'catalog.category.more.retry' }
  /** Sent once the prerendered page has hydrated: read the live catalog (docs/requirements.md#calls) over the snapshot. */
  | { type: 'catalog.refresh' };

/**
 * What a prerendered page embeds: the catalog as it was at build time, so the first client render equals the
 * server's. `categories` may carry fewer products per category than the live catalog (the page's own needs);
 * `category` is the whole category of a /category/:id page.
 */
export interface CatalogSnapshotInput {
  categories: Category[];
  category?: Category | null;
}

/** One page of a category's products, as ProductCatalogPort.listCategoryProducts takes it. */
export interface CategoryPageRequest {
  categoryId: string;
  after?: number;
  limit: number;
}

export const catalogMachine = setup({
  types: {
    context: {} as CatalogContext,
    events: {} as CatalogEvent,
    input: {} as CatalogSnapshotInput | void,
  },
  actors: {
    listCategories: fromPromise<Category[], void>(async () => []),
    getCategory: fromPromise<Category, string>(async () => {
      throw new Error('getCategory not provided');
    }),
    getProduct: fromPromise<ProductInCategory | null, string>(async () => null),
    listCategoryProducts: fromPromise<CategoryProductsPage, CategoryPageRequest>(async () => ({
      products: [],
      nextAfter: null,
    })),
  },
  actions: {
    logError: (_, _params: { error: unknown; during: string }) => {},
    addPage: assign({
      more: ({ context, event }) => [
        ...context.more,
        ...(event as unknown as { output: CategoryProductsPage }).output.products,
      ],
      after: ({ event }) => (event as unknown as { output: CategoryProductsPage }).output.nextAfter ?? undefined,
    }),
  },
  guards: {
    hasSnapshot: ({ context }) => context.categories.length > 0,
    isNotFound: ({ event }) => (event as { error?: { code?: string } }).error?.code === 'catalog/not-found',
    productListed: ({ context }) => findProduct(context.categories, context.productId!) !== null,
    // The list will not change any more without a retry: a product missing from it is read alone.
    otherCategory: ({ context, event }) => (event as { id?: string }).id !== context.categoryId,
    // Its document counts no more products than are on screen.
    categoryWhole: ({ context }) => categoryProductsOf(context).length >= (context.category?.productCount ?? 0),
    // A short page (a whole one whose count says it was the last is known at the next trigger, with no read).
    lastPage: ({ event }) => (event as unknown as { output: CategoryProductsPage }).output.nextAfter === null,
    listSettled: or([stateIn({ list: 'loaded' }), stateIn({ list: 'stale' }), stateIn({ list: 'failed' })]),
  },
  delays: { catalogTimeout: CATALOG_TIMEOUT_MS },
}).createMachine({
  id: 'catalog',
  type: 'parallel',
  context: ({ input }) => ({
    categories: input?.categories ?? [],
    categoryId: input?.category?.id ?? null,
    category: input?.category ?? null,
    productId: null,
    product: null,
    more: [],
    after: undefined,
  }),
  states: {
    list: {
      initial: 'starting',
      states: {
        // A prerendered page starts from its snapshot and reads the live catalog once it has hydrated; the
        // SPA shell (no snapshot) reads at once, behind the overlay.
        starting: { always: [{ guard: 'hasSnapshot', target: 'prerendered' }, { target: 'loading' }] },
        prerendered: { on: { 'catalog.refresh': 'refreshing' } },
        refreshing: {
          // No `busy` tag: the snapshot stays on screen while the fresh list is read.
          after: { catalogTimeout: { target: 'stale', actions: logTimeout('listCategories') } },
          invoke: {
            id: 'refreshCategories',
            src: 'listCategories',
            onDone: { target: 'loaded', actions: assign({ categories: ({ event }) => event.output }) },
            // A failed refresh keeps the prerendered content (logged: docs/requirements.md#catalog-pages).
            onError: {
              target: 'stale',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'listCategories' }) },
            },
          },
        },
        /** The snapshot is all we have: the live read failed. */
        stale: { on: { 'catalog.list.retry': 'refreshing' } },
        loading: {
          tags: ['busy'],
          after: { catalogTimeout: { target: 'failed', actions: logTimeout('listCategories') } },
          invoke: {
            id: 'listCategories',
            src: 'listCategories',
            onDone: { target: 'loaded', actions: assign({ categories: ({ event }) => event.output }) },
            onError: {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'listCategories' }) },
            },
          },
        },
        loaded: {},
        failed: { on: { 'catalog.list.retry': 'loading' } },
      },
    },
    category: {
      initial: 'idle',
      on: {
        'catalog.category.show': {
          // Not `reenter: true`: the parent of this region is the parallel root, so a re-entering transition
          // would exit and re-enter the list region too and fetch every category again on each page visit.
          // Targeting the child without reentering still restarts `loading` (and its read) for a new id.
          target: '.loading',
          actions: assign({
            categoryId: ({ event }) => event.id,
            // Show what we already know (the list, or the last visit) at once; the fresh read replaces it.
            category: ({ context, event }) =>
              (context.category?.id === event.id ? context.category : null) ??
              context.categories.find((c) => c.id === event.id) ??
              null,
          }),
        },
      },
      states: {
        idle: {},
        loading: {
          tags: ['busy'],
          after: { catalogTimeout: { target: 'failed', actions: logTimeout('getCategory') } },
          invoke: {
            id: 'getCategory',
            src: 'getCategory',
            input: ({ context }) => context.categoryId!,
            onDone: { target: 'loaded', actions: assign({ category: ({ event }) => event.output }) },
            onError: [
              { guard: 'isNotFound', target: 'notFound', actions: assign({ category: null }) },
              {
                target: 'failed',
                actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'getCategory' }) },
              },
            ],
          },
        },
        loaded: {},
        notFound: {},
        failed: {},
      },
    },
    product: {
      initial: 'idle',
      on: {
        'catalog.product.show': {
          target: '.checking',
          actions: assign({
            productId: ({ event }) => event.id,
            product: ({ context, event }) => (context.product?.product.id === event.id ? context.product : null),
          }),
        },
      },
      states: {
        idle: {},
        checking: {
          always: [
            { guard: 'productListed', target: 'listed' },
            { guard: 'listSettled', target: 'loading' },
            { target: 'waiting' },
          ],
        },
        // The list may still bring it (the SPA shell's first read, a prerendered page's refresh).
        waiting: { always: { guard: or(['productListed', 'listSettled']), target: 'checking' } },
        listed: {
          // Kept, so the page still shows it while it is read alone once a fresh list no longer has it.
          entry: assign({ product: ({ context }) => findProduct(context.categories, context.productId!) }),
          always: { guard: not('productListed'), target: 'checking' },
        },
        loading: {
          after: { catalogTimeout: { target: 'failed', actions: logTimeout('getProduct') } },
          invoke: {
            id: 'getProduct',
            src: 'getProduct',
            input: ({ context }) => context.productId!,
            onDone: [
              { guard: ({ event }) => event.output === null, target: 'notFound', actions: assign({ product: null }) },
              { target: 'loaded', actions: assign({ product: ({ event }) => event.output }) },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'logError', params: ({ event }) => ({ error: event.error, during: 'getProduct' }) },
            },
          },
        },
        loaded: {},
        notFound: {},
        failed: { on: { 'catalog.product.retry': 'loading' } },
      },
    },
    /**
     * A category whose document holds a preview (fewer products than its `productCount`) is read on page by page
     * as the shopper scrolls. One read at a time: a trigger while one is on its way is ignored, so a page is
     * never read twice. A failed page keeps what is on screen. Another category starts over; the same one (a
     * fresh read of its document) keeps the pages read.
     */
    pages: {
      initial: 'idle',
      on: {
        'catalog.category.show': {
          guard: 'otherCategory',
          target: '.idle',
          actions: assign({ more: [], after: undefined }),
        },
      },
      states: {
        idle: {
          on: { 'catalog.category.more': [{ guard: 'categoryWhole', target: 'complete' }, { target: 'loadingMore' }] },
        },
        loadingMore: {
          after: { catalogTimeout: { target: 'failed', actions: logTimeout('listCategoryProducts') } },
          invoke: {
            id: 'listCategoryProducts',
            src: 'listCategoryProducts',
            input: ({ context }) => ({
              categoryId: context.categoryId!,
              after: context.after,
              // The first read starts at the beginning (the preview carries no positions): it reads the preview's
              // products again, and a page more (at most 100, the port's largest page).
              limit:
                context.after === undefined
                  ? Math.min(100, (context.category?.products.length ?? 0) + CATEGORY_PAGE_SIZE)
                  : CATEGORY_PAGE_SIZE,
            }),
            onDone: [
              { guard: 'lastPage', target: 'complete', actions: 'addPage' },
              { target: 'idle', actions: 'addPage' },
            ],
            onError: {
              target: 'failed',
              actions: {
                type: 'logError',
                params: ({ event }) => ({ error: event.error, during: 'listCategoryProducts' }),
              },
            },
          },
        },
        failed: { on: { 'catalog.category.more.retry': 'loadingMore' } },
        complete: {},
      },
    },
  },
});

export type CatalogActorRef = ActorRefFrom<typeof catalogMachine>;
export type CatalogSnapshot = SnapshotFrom<typeof catalogMachine>;

/** The reads the storefront makes: the two of docs/requirements.md#calls, and one product a category preview does not hold. */
export type StorefrontCatalogPort = CatalogPort &
  Pick<ProductCatalogPort, 'getProduct'> &
  Partial<Pick<ProductCatalogPort, 'listCategoryProducts'>>;

/**
 * Production actors over the catalog port. Without `getProduct` (a port of the two category reads only, whose
 * categories are whole) a product missing from the list does not exist.
 */
export function createCatalogActors({ catalog }: { catalog: CatalogPort & Partial<StorefrontCatalogPort> }) {
  return {
    listCategories: fromPromise<Category[], void>(() => catalog.listCategories()),
    getCategory: fromPromise<Category, string>(({ input }) => catalog.getCategory(input)),
    getProduct: fromPromise<ProductInCategory | null, string>(async ({ input }) =>
      catalog.getProduct ? catalog.getProduct(input) : null,
    ),
    // Without it (a port of the two category reads only) there is nothing past the category's own list.
    listCategoryProducts: fromPromise<CategoryProductsPage, CategoryPageRequest>(
      async ({ input: { categoryId, after, limit } }) =>
        catalog.listCategoryProducts
          ? catalog.listCategoryProducts(categoryId, after === undefined ? { limit } : { after, limit })
          : { products: [], nextAfter: null },
    ),
  };
}
