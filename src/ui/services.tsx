// One React context carries the running actors; components select with useSelector and only send.
import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { AuthActorRef } from '../machines/authMachine';
import type { CartActorRef } from '../machines/cartMachine';
import type { CatalogActorRef } from '../machines/catalogMachine';
import type { CheckoutActorRef } from '../machines/checkoutMachine';
import type { checkoutGuardMachine } from '../machines/checkoutGuardMachine';
import type { ordersMachine } from '../machines/ordersMachine';
import type { SearchActorRef } from '../machines/searchMachine';
import type { DeliveryFeature } from './deliveryFeature';

export interface Services {
  auth: AuthActorRef;
  cart: CartActorRef;
  catalog: CatalogActorRef;
  checkout: CheckoutActorRef;
  /**
   * Frete and delivery dates by CEP (issue 27). Its code (the machine, its wiring, the estimator) is a lazy chunk:
   * the first call loads it and starts the cart's delivery actor, whose parcel follows the cart; every call returns
   * the same promise (React's use() needs that). Null when the chunk could not be loaded; the next call tries again.
   */
  delivery: () => Promise<DeliveryFeature | null>;
  /** The guard machine with navigateToLogin provided; the checkout page starts one per visit. */
  checkoutGuard: typeof checkoutGuardMachine;
  /** The orders machine with OrdersPort provided; "Meus pedidos" and the confirmation page start one per visit. */
  orders: typeof ordersMachine;
  /**
   * The search actor (issue 10). Its code is a lazy chunk: the first call loads it and starts the actor; every
   * call returns the same promise (React's use() needs that). Null when the chunk could not be loaded.
   */
  search: () => Promise<SearchActorRef | null>;
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
