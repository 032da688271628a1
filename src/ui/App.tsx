import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Route, Router, Switch, type RouterOptions } from 'wouter';
import { paths } from './paths';
import { selectAuthLoading, selectListLoading } from './selectors';
import { ServicesProvider, useServices, type Services } from './services';
import { globalStyles, styled } from './theme';
import { CartPanel } from './components/CartPanel';
import { Header } from './components/Header';
import { LoadingOverlay } from './components/LoadingOverlay';
import { SearchBar } from './components/SearchBar';
import { CategoryPage } from './pages/CategoryPage';
import { ExplorePage } from './pages/ExplorePage';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

// Forms, checkout and confirmation are split off so the home route stays small.
const LoginPage = lazy(() => import('./pages/LoginPage'));
const SignUpPage = lazy(() => import('./pages/SignUpPage'));
const CheckoutPage = lazy(() => import('./pages/CheckoutPage'));
const ConfirmationPage = lazy(() => import('./pages/ConfirmationPage'));
// In the search chunk with the field, so already loaded when a keystroke opens /search (no overlay over the field).
const SearchPage = lazy(() => import('./searchFeature').then((feature) => ({ default: feature.SearchPage })));

const Shell = styled('div', { minHeight: '100vh', display: 'flex', flexDirection: 'column' });

/** Home and explore need the category list; everywhere the overlay also covers an unknown auth state. */
function GlobalOverlay() {
  const { auth, catalog } = useServices();
  const authLoading = useSelector(auth, selectAuthLoading);
  const listLoading = useSelector(catalog, selectListLoading);
  return (
    <Switch>
      <Route path={paths.home}>{(authLoading || listLoading) && <LoadingOverlay />}</Route>
      <Route path={paths.explore}>{(authLoading || listLoading) && <LoadingOverlay />}</Route>
      <Route>{authLoading && <LoadingOverlay />}</Route>
    </Switch>
  );
}

function Routes() {
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <Switch>
        <Route path={paths.home} component={HomePage} />
        <Route path={paths.explore} component={ExplorePage} />
        <Route path={paths.login} component={LoginPage} />
        <Route path={paths.signUp} component={SignUpPage} />
        <Route path={paths.category}>{(params) => <CategoryPage id={params.id} />}</Route>
        <Route path={paths.checkout} component={CheckoutPage} />
        <Route path={paths.paymentConfirmation} component={ConfirmationPage} />
        <Route path={paths.search} component={SearchPage} />
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}

function Layout() {
  const cartButtonRef = useRef<HTMLButtonElement>(null);
  globalStyles();
  return (
    <Shell>
      <Header cartButtonRef={cartButtonRef} />
      <SearchBar />
      <Routes />
      <CartPanel returnFocusTo={cartButtonRef} />
      <GlobalOverlay />
    </Shell>
  );
}

/**
 * The storefront. `router` lets tests use wouter's memoryLocation; the browser location is the default.
 * Services are the running actors (built in main.tsx, or over in-memory adapters in tests).
 */
export function App({ services, router }: { services: Services; router?: RouterOptions }) {
  return (
    <ServicesProvider services={services}>
      <Router {...router}>
        <Layout />
      </Router>
    </ServicesProvider>
  );
}
