import { Suspense, useEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Route, Router, Switch, useLocation, type RouterOptions } from 'wouter';
import { paths } from './paths';
import { PROFILE_FAILED_MESSAGE } from '../machines/authMachine';
import {
  selectAuthLoading,
  selectCatalogOnScreen,
  selectFormError,
  selectListLoading,
  selectLoggedIn,
  selectProfileUnavailable,
} from './selectors';
import { ServicesProvider, useServices, type Services } from './services';
import { bannerStyle, Button, globalStyles, styled } from './theme';
import { CartPanel } from './components/CartPanel';
import { Footer } from './components/Footer';
import { Header } from './components/Header';
import { LoadingOverlay } from './components/LoadingOverlay';
import { OfflineBanner, UpdateBanner } from './components/OfflineStatus';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { useHydrated } from './hooks/useHydrated';
import { browserOnline } from './lazyImport';
import { createLazyPages } from './lazyPages';
import { CategoryPage } from './pages/CategoryPage';
import { ExplorePage } from './pages/ExplorePage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { ProductPage } from './pages/ProductPage';
import { useDeliveryLoad } from '../features/delivery/deliverySlot';
import { loadSearchPage, SearchSlot } from '../features/search/searchSlot';

// Forms, checkout and confirmation are split off so the home route stays small. A page whose chunk cannot be
// downloaded is a message with "Tentar novamente" (RouteErrorBoundary), tried again then and when the
// connectivity machine says the connection is back.
const lazyPages = createLazyPages();
const LoginPage = lazyPages.page(() => import('./pages/LoginPage'));
const SignUpPage = lazyPages.page(() => import('./pages/SignUpPage'));
const CheckoutPage = lazyPages.page(() => import('./pages/CheckoutPage'));
const ConfirmationPage = lazyPages.page(() => import('./pages/ConfirmationPage'));
const OrdersPage = lazyPages.page(() => import('./pages/OrdersPage'));
// In the search chunk with the field, so already loaded when a keystroke opens /search (no overlay over the field).
const SearchPage = lazyPages.page(loadSearchPage);
/** A download that failed while online sticks in the bundler: the shopper's retry then loads the page anew. */
const retryPages = (asked: boolean) => {
  if (lazyPages.retry() === 'reload' && asked && browserOnline()) window.location.reload();
};
const logPageError = (error: unknown, componentStack: string | null | undefined) =>
  console.error('[route] the page could not be shown', error, componentStack);

/**
 * /checkout, with its delivery feature asked for on arrival here: the page's chunk then imports no module of the
 * entry but types, and Parcel keeps the entry's modules hoisted (an entry module a lazy chunk imports is wrapped,
 * with everything it imports).
 */
function CheckoutRoute() {
  return <CheckoutPage delivery={useDeliveryLoad()} />;
}

const Shell = styled('div', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

/**
 * The overlay covers only a page with nothing to show yet: home and explore without their category list, and
 * any page while the auth state (or a new sign-in's profile, bounded by its deadline) decides what it shows.
 * A catalog already on screen (a prerendered page) is never covered: its products and "Adicionar ao carrinho"
 * work while the profile loads. Nothing is drawn before hydration, so the prerendered HTML has none.
 */
function GlobalOverlay() {
  const { auth, catalog } = useServices();
  const hydrated = useHydrated();
  const authLoading = useSelector(auth, selectAuthLoading);
  const listLoading = useSelector(catalog, selectListLoading);
  const catalogOnScreen = useSelector(catalog, selectCatalogOnScreen);
  if (!hydrated) return null;
  const overCatalog = listLoading || (authLoading && !catalogOnScreen) ? <LoadingOverlay /> : null;
  return (
    <Switch>
      <Route path={paths.home}>{overCatalog}</Route>
      <Route path={paths.explore}>{overCatalog}</Route>
      <Route path={paths.category}>{authLoading && !catalogOnScreen && <LoadingOverlay />}</Route>
      <Route path={paths.product}>{authLoading && !catalogOnScreen && <LoadingOverlay />}</Route>
      <Route>{authLoading && <LoadingOverlay />}</Route>
    </Switch>
  );
}

const Banner = styled('div', {
  ...bannerStyle,
  border: '1px solid $errorText',
  color: '$errorText',
  fontWeight: 600,
  '& p': { margin: 0 },
});

/**
 * A signed-in shopper's profile could not be had in time: a banner above the page (which stays usable) with
 * "Tentar novamente". Also where a sign-up that ran out of time says so, once its account signed in anyway.
 */
function AuthBanner() {
  const { auth } = useServices();
  const profileUnavailable = useSelector(auth, selectProfileUnavailable);
  const loggedIn = useSelector(auth, selectLoggedIn);
  const formError = useSelector(auth, selectFormError);
  if (profileUnavailable) {
    return (
      <Banner role="alert" data-testid="profile-banner">
        <p>{PROFILE_FAILED_MESSAGE}</p>
        <Button type="button" onClick={() => auth.send({ type: 'auth.profile.retry' })}>
          Tentar novamente
        </Button>
      </Banner>
    );
  }
  if (loggedIn && formError) {
    return (
      <Banner role="alert">
        <p>{formError}</p>
      </Banner>
    );
  }
  return null;
}

function Routes({ notFoundPath }: { notFoundPath: string | null }) {
  const [location] = useLocation();
  // A page the server answered 404 for stays the not-found page until the shopper navigates away.
  if (notFoundPath !== null && location === notFoundPath) return <NotFoundPage />;
  return (
    <RouteErrorBoundary resetKey={location} onRetry={retryPages} onError={logPageError}>
      <Suspense fallback={<LoadingOverlay />}>
        <Switch>
          <Route path={paths.home} component={HomePage} />
          <Route path={paths.explore} component={ExplorePage} />
          <Route path={paths.login} component={LoginPage} />
          <Route path={paths.signUp} component={SignUpPage} />
          <Route path={paths.category}>{(params) => <CategoryPage id={params.id} />}</Route>
          <Route path={paths.product}>{(params) => <ProductPage id={params.id} />}</Route>
          <Route path={paths.checkout} component={CheckoutRoute} />
          <Route path={paths.paymentConfirmation} component={ConfirmationPage} />
          <Route path={paths.search} component={SearchPage} />
          <Route path={paths.orders} component={OrdersPage} />
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}

function Layout({ notFoundPath, onHydrated }: Pick<AppProps, 'notFoundPath' | 'onHydrated'>) {
  const cartButtonRef = useRef<HTMLButtonElement>(null);
  globalStyles();
  useEffect(() => {
    onHydrated?.();
  }, [onHydrated]);
  return (
    <Shell>
      <Header cartButtonRef={cartButtonRef} />
      <SearchSlot />
      <OfflineBanner />
      <UpdateBanner />
      <AuthBanner />
      <Routes notFoundPath={notFoundPath ?? null} />
      <Footer />
      <CartPanel returnFocusTo={cartButtonRef} />
      <GlobalOverlay />
    </Shell>
  );
}

export interface AppProps {
  services: Services;
  /** wouter options: tests pass a memoryLocation, the prerender an `ssrPath`. Default: the browser location. */
  router?: RouterOptions;
  /** The path of a prerendered 404 page: rendered as not found whatever the route table says. */
  notFoundPath?: string | null;
  /** Called once after the first commit (for a prerendered page: when hydration has finished). */
  onHydrated?: () => void;
}

/**
 * The storefront. The same component renders in the browser, in UI tests and in the build's prerender.
 * Services are the running actors (built in main.tsx, in src/prerender.tsx, or over in-memory adapters in tests).
 */
export function App({ services, router, notFoundPath, onHydrated }: AppProps) {
  return (
    <ServicesProvider services={services}>
      <Router {...router}>
        <Layout notFoundPath={notFoundPath} onHydrated={onHydrated} />
      </Router>
    </ServicesProvider>
  );
}
