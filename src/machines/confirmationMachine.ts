import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CartActorRef } from './cartMachine';

/** What /payment-confirmation was told by the payment provider: its `success` and `canceled` parameters. */
export interface ConfirmationInput {
  success: string | null;
  canceled: string | null;
}

/**
 * The payment confirmation page (/payment-confirmation), one actor per visit: the address says how the payment
 * ended. A confirmed payment tells the cart (`confirmPayment`, provided by createConfirmationActions): the cart
 * machine clears the cart once, after its restore, so a repeat clears nothing. The page renders the outcome's tag.
 */
export const confirmationMachine = setup({
  types: { input: {} as ConfirmationInput, context: {} as ConfirmationInput },
  actions: {
    /** Provided from outside: the cart hears that the payment was confirmed (`cart.paymentConfirmed`). */
    confirmPayment: () => {},
  },
  guards: {
    paid: ({ context }) => context.success === 'true',
    unpaid: ({ context }) => context.success === 'false' || context.canceled === 'true',
  },
}).createMachine({
  id: 'confirmation',
  context: ({ input }) => ({ success: input.success, canceled: input.canceled }),
  initial: 'reading',
  states: {
    /** Reads the address once, on arrival. */
    reading: {
      always: [{ guard: 'paid', target: 'paid' }, { guard: 'unpaid', target: 'failed' }, { target: 'nothing' }],
    },
    /** "Sua compra foi finalizada com sucesso!": the cart is told, once per visit. */
    paid: { tags: ['success'], entry: 'confirmPayment' },
    /** The payment failed or was canceled: the error text; the cart is kept. */
    failed: { tags: ['error'] },
    /** No purchase in the address: "Nenhuma compra em andamento." */
    nothing: {},
  },
});

/** The production implementation: a confirmed payment goes to the app-wide cart actor. */
export function createConfirmationActions({ cart }: { cart: Pick<CartActorRef, 'send'> }) {
  return { actions: { confirmPayment: () => cart.send({ type: 'cart.paymentConfirmed' }) } };
}

export type ConfirmationActorRef = ActorRefFrom<typeof confirmationMachine>;
export type ConfirmationSnapshot = SnapshotFrom<typeof confirmationMachine>;
