// Feeds an orders actor the signed-in shopper from the auth actor, so "Meus pedidos" and the confirmation page
// only render its state (the way src/ui/searchService.ts feeds the search actor the catalog).
import { fromCallback } from 'xstate';
import type { AuthActorRef, AuthSnapshot } from '../machines/authMachine';
import type { OrdersEvent } from '../machines/ordersMachine';

/** The orders machine's `followShopper` actor over the running auth actor: one event per change of uid. */
export function followShopper(auth: AuthActorRef) {
  return fromCallback<OrdersEvent, { sessionId: string | null }>(({ sendBack, input }) => {
    let forwarded: string | null | undefined;
    const forward = (snapshot: AuthSnapshot) => {
      const uid = snapshot.context.authUser?.uid ?? null;
      if (uid === forwarded) return;
      forwarded = uid;
      sendBack(uid ? { type: 'orders.load', uid, sessionId: input.sessionId } : { type: 'orders.signedOut' });
    };
    forward(auth.getSnapshot());
    const watch = auth.subscribe(forward);
    return () => watch.unsubscribe();
  });
}
