// The delivery feature's actor wiring, in its lazy chunk (deliveryChunk.ts): starts the cart's delivery actor (the
// loader calls startDelivery once per services) and runs a product page's one for the life of its component.
import { useActorRef } from '@xstate/react';
import { createActor, type InspectionEvent } from 'xstate';
import type { DeliveryCepPort } from '../../adapters/deliveryCep/deliveryCepPort';
import { toCentavos } from '../../domain';
import { formatCep } from '../../domain/cep';
import type { CartActorRef } from '../../machines/cartMachine';
import type { CatalogActorRef } from '../../machines/catalogMachine';
import {
  createDeliveryActors,
  deliveryMachine,
  parcelLinesOf,
  selectedDelivery,
  watchCartParcel,
  type DeliveryActorRef,
  type DeliveryInput,
} from '../../machines/deliveryMachine';
import type { DeliveryServiceId } from '../../domain/deliveryOptions';

export interface DeliveryActors {
  /**
   * Frete and delivery dates for the cart: one app-wide actor, started, whose parcel follows the cart (the machine
   * watches the cart and the catalog itself). Its CEP is the stored one; one typed on a product page is adopted
   * here too.
   */
  cartDelivery: DeliveryActorRef;
  /**
   * The delivery of one unit of a product (of category `categoryId`): the machine, provided, and the options of an
   * actor of it (starting from the stored CEP, with the inspector's hook attached). useProductDelivery runs one per
   * product page; a CEP saved there is adopted by `cartDelivery` as well.
   */
  productDelivery: {
    logic: typeof deliveryMachine;
    options: (
      product: { id: string; price: number },
      categoryId: string,
    ) => { input: DeliveryInput; inspect?: (event: InspectionEvent) => void };
  };
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
  /** The inspector's recorder in local mode (the loader passes the services' one on). */
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
    productDelivery: {
      logic: productDeliveryMachine,
      options: (product, categoryId) => ({
        input: { cep: storage.load(), lines: [{ categoryId, quantity: 1, unitAmount: toCentavos(product.price) }] },
        inspect,
      }),
    },
    chosenDelivery: () => selectedDelivery(cartDelivery.getSnapshot()),
    stop: () => cartDelivery.stop(),
  };
}

/**
 * The delivery actor of one product page's product: created in the first render (so the prerendered HTML already
 * has the CEP field), started when the component mounts and stopped when it unmounts (@xstate/react). The page keys
 * the component by product, so a related product's page gets a fresh actor.
 */
export function useProductDelivery(
  delivery: Pick<DeliveryActors, 'productDelivery'>,
  product: { id: string; price: number },
  categoryId: string,
): DeliveryActorRef {
  const { logic, options } = delivery.productDelivery;
  return useActorRef(logic, options(product, categoryId));
}
