// One React context carries the running actors; components select with useSelector and only send.
import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { AuthActorRef } from '../machines/authMachine';
import type { CartActorRef } from '../machines/cartMachine';
import type { CatalogActorRef } from '../machines/catalogMachine';
import type { CheckoutActorRef } from '../machines/checkoutMachine';
import type { StockActorRef } from '../machines/stockMachine';
import type { checkoutGuardMachine } from '../machines/checkoutGuardMachine';
import type { ordersMachine } from '../machines/ordersMachine';
import type { ReturnsPort } from '../adapters/returns/returnsPort';
import type { DeliveryCepPort } from '../adapters/deliveryCep/deliveryCepPort';
import type { NavigationPort } from '../adapters/navigation/navigationPort';
import type { SearchPort } from '../adapters/search/searchPort';

/**
 * What the lazy features (src/features: search, delivery, browse) run on once their chunk is there: their ports
 * and effects, and the services' stop. Each feature's loader starts its actors from these
 * (src/features/lazyFeature.ts).
 */
export interface FeatureHost {
  /** The address bar the search keeps on /search?q= (the browser's history, which wouter follows). */
  navigation: NavigationPort;
  /** The backend's search of the whole catalog (asked only when the storefront holds part of it). */
  searchBackend?: SearchPort;
  /** The shopper's last valid CEP, or how to load its adapter (beside the delivery chunk). */
  deliveryCep: DeliveryCepPort | (() => Promise<DeliveryCepPort>);
  /** The clock delivery dates count from (epoch ms); Date.now unless a test fixes the day. */
  now?: () => number;
  /** Errors only logged (docs/requirements.md#errors). */
  logError: (message: string, error: unknown) => void;
  /** Calls `stop` when the services stop (at once if they already have). */
  onStop(stop: () => void): void;
}

export interface Services {
  auth: AuthActorRef;
  cart: CartActorRef;
  catalog: CatalogActorRef;
  checkout: CheckoutActorRef;
  /** The live stock the pages show (badges, a sold-out product's disabled button); the cart's cap hears it too. */
  stock: StockActorRef;
  /** Where the lazy features (search, delivery) find their ports; their loaders start them on first need. */
  features: FeatureHost;
  /** The guard machine with navigateToLogin provided; the checkout page starts one per visit. */
  checkoutGuard: typeof checkoutGuardMachine;
  /** The orders machine with OrdersPort provided; "Meus pedidos" and the confirmation page start one per visit. */
  orders: typeof ordersMachine;
  /**
   * The backend's returns, which "Meus pedidos" provides its return request machine with (the machine is in that
   * page's chunk, not the entry); absent in the prerender.
   */
  returns?: ReturnsPort;
  /** The clock of what the pages decide by the day (the 7-day return window); Date.now unless a test fixes it. */
  now: () => number;
  /** The local-mode inspector's hook (docs/inspector.md) for actors a page starts itself; absent otherwise. */
  inspect?: (event: InspectionEvent) => void;
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}
