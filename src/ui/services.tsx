// One React context carries the running actors; components select with useSelector and only send.
import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { AuthActorRef } from '../machines/authMachine';
import type { CartActorRef } from '../machines/cartMachine';
import type { CatalogActorRef } from '../machines/catalogMachine';
import type { CheckoutActorRef } from '../machines/checkoutMachine';
import type { DeliveryActorRef } from '../machines/deliveryMachine';
import type { checkoutGuardMachine } from '../machines/checkoutGuardMachine';
import type { ordersMachine } from '../machines/ordersMachine';
import type { SearchActorRef } from '../machines/searchMachine';

export interface Services {
  auth: AuthActorRef;
  cart: CartActorRef;
  catalog: CatalogActorRef;
  checkout: CheckoutActorRef;
  /**
   * Frete and delivery dates for the cart (issue 27): one app-wide actor, started, whose parcel follows the cart
   * (the machine watches the cart and the catalog itself). Its CEP is the stored one; one typed on a product
   * page is adopted here too.
   */
  delivery: DeliveryActorRef;
  /**
   * A NEW, UNSTARTED delivery actor for one unit of a product (of category `categoryId`), starting from the
   * stored CEP, with the inspector's hook already attached. The product page calls `start()` on mount and
   * `stop()` on unmount, and creates another for the next product (a stopped actor does not restart).
   */
  createProductDelivery: (product: { id: string; price: number }, categoryId: string) => DeliveryActorRef;
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
