// Starts the cart's delivery actor and makes product pages' ones. Part of the lazy delivery chunk
// (src/ui/deliveryFeature.ts); createServices starts it on the first need.
import { createActor, type InspectionEvent } from 'xstate';
import type { DeliveryCepPort } from '../adapters/deliveryCep/deliveryCepPort';
import { toCentavos } from '../domain';
import { formatCep } from '../domain/cep';
import type { CartActorRef } from '../machines/cartMachine';
import type { CatalogActorRef } from '../machines/catalogMachine';
import {
  createDeliveryActors,
  deliveryMachine,
  parcelLinesOf,
  selectedDelivery,
  watchCartParcel,
  type DeliveryActorRef,
} from '../machines/deliveryMachine';
import type { DeliveryServiceId } from '../domain/deliveryOptions';

export interface DeliveryActors {
  /**
   * Frete and delivery dates for the cart: one app-wide actor, started, whose parcel follows the cart (the machine
   * watches the cart and the catalog itself). Its CEP is the stored one; one typed on a product page is adopted
   * here too.
   */
  cartDelivery: DeliveryActorRef;
  /**
   * A NEW, UNSTARTED delivery actor for one unit of a product (of category `categoryId`), starting from the
   * stored CEP, with the inspector's hook already attached. The product page starts it on mount and stops it on
   * unmount, and creates another for the next product (a stopped actor does not restart).
   */
  createProductDelivery: (product: { id: string; price: number }, categoryId: string) => DeliveryActorRef;
  /** What checkout sends with the checkout session: the cart's quoted CEP and chosen service, or null before a quote. */
  chosenDelivery: () => { cep: string; service: DeliveryServiceId } | null;
  stop(): void;
}

/** What the delivery actors run on. */
export interface DeliveryDependencies {
  cart: CartActorRef;
  catalog: CatalogActorRef;
  /** The shopper's last valid CEP (localStorage `deliveryCep`). */
  storage: DeliveryCepPort;
  /** The clock delivery dates count from (epoch ms); Date.now unless a test fixes the day. */
  now?: () => number;
  log: (message: string, error: unknown) => void;
  /** The inspector's recorder in local mode (createServices passes it on). */
  inspect?: (event: InspectionEvent) => void;
}

export function startDelivery({ cart, catalog, storage, now, log, inspect }: DeliveryDependencies): DeliveryActors {
  // The cart's actor watches the cart and the catalog for its parcel; a product page's actor quotes one unit. A
  // CEP saved from a product page is adopted by the cart's actor as well: one CEP per shopper.
  const implementations = createDeliveryActors({ storage, now, log });
  const cartDelivery = createActor(
    deliveryMachine.provide({
      actors: { ...implementations.actors, watchParcel: watchCartParcel({ cart, catalog }) },
      actions: implementations.actions,
    }),
    {
      input: {
        cep: storage.load(),
        lines: parcelLinesOf(cart.getSnapshot().context.items, catalog.getSnapshot().context.categories),
      },
      inspect,
    },
  ).start();
  const productDeliveryMachine = deliveryMachine.provide({
    actors: implementations.actors,
    actions: {
      ...implementations.actions,
      rememberCep: (_, params) => {
        implementations.actions.rememberCep(_, params);
        if (cartDelivery.getSnapshot().context.cep !== params.cep)
          cartDelivery.send({ type: 'delivery.cep.submit', cep: formatCep(params.cep) });
      },
    },
  });
  return {
    cartDelivery,
    createProductDelivery: (product, categoryId) =>
      createActor(productDeliveryMachine, {
        input: { cep: storage.load(), lines: [{ categoryId, quantity: 1, unitAmount: toCentavos(product.price) }] },
        inspect,
      }),
    chosenDelivery: () => selectedDelivery(cartDelivery.getSnapshot()),
    stop: () => cartDelivery.stop(),
  };
}
