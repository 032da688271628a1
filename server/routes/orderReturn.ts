import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FULFILMENT_MESSAGES,
  FULFILMENT_STATUSES,
  RETURN_REASONS,
  type Fulfilment,
  type ReturnReason,
} from '../../src/domain/fulfilment';
import { signedInUser } from '../plugins/auth';
import { HttpError, JSON_ERROR_RESPONSES } from '../plugins/httpErrors';
import type { CheckoutStore } from '../store/sessionStorePort';

/** `POST /orders/:id/return`: the shopper asks to return a delivered order (docs/requirements.md#order-lifecycle). */
export const ORDER_RETURN_ROUTE = '/orders/:id/return';
export const orderReturnPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/return`;

/** Said for an id that is not one of the shopper's orders: missing, malformed, or someone else's alike. */
export const ORDER_NOT_FOUND_MESSAGE = 'Pedido não encontrado.';

/**
 * An order id is its checkout session's (`cs_sim_…`, Stripe's `cs_test_…`/`cs_live_…`): letters, digits, `_`, `-`.
 * Anything else (a `/`, a `..`) never reaches the store.
 */
export const OrderReturnParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', errorMessage: ORDER_NOT_FOUND_MESSAGE }),
});
const reasonKeys = Object.keys(RETURN_REASONS) as ReturnReason[];
const ReturnReasonSchema = Type.Union(
  reasonKeys.map((key) => Type.Literal(key)),
  { errorMessage: FULFILMENT_MESSAGES.invalidReason },
);
export const OrderReturnBody = Type.Object(
  { reason: ReturnReasonSchema },
  { errorMessage: `O corpo deve ser { "reason": ${reasonKeys.map((key) => `"${key}"`).join(', ')} }.` },
);

const StatusSchema = Type.Union(FULFILMENT_STATUSES.map((status) => Type.Literal(status)));
/** The order's fulfilment after the request, as stored (src/domain/fulfilment.ts's Fulfilment). */
export const FulfilmentSchema = Type.Object({
  status: StatusSchema,
  history: Type.Array(Type.Object({ status: StatusSchema, at: Type.Number() })),
  trackingCode: Type.Union([Type.String(), Type.Null()]),
  deliveredAt: Type.Union([Type.Number(), Type.Null()]),
  returnReason: Type.Union([...reasonKeys.map((key) => Type.Literal(key)), Type.Null()]),
});
export const OrderReturnAnswer = Type.Object({ fulfilment: FulfilmentSchema });

export interface OrderReturnRoutesOptions {
  store: CheckoutStore;
  now: () => number;
}

/**
 * POST /orders/:id/return `{ reason }`: the signed-in shopper's return of their own delivered order, within 7 days
 * of the delivery (CDC, art. 49), through the order lifecycle (store.stepOrder). Asked again once granted, it answers
 * the stored fulfilment and takes no second step; refused, the lifecycle's pt-BR reason with a 409.
 */
export const orderReturnRoutes: FastifyPluginAsyncTypebox<OrderReturnRoutesOptions> = async (app, { store, now }) => {
  const notFound = () => new HttpError(404, 'order_not_found', ORDER_NOT_FOUND_MESSAGE);
  const granted = (fulfilment: Fulfilment) => fulfilment.status === 'devolucao_solicitada';

  app.post(ORDER_RETURN_ROUTE, {
    onRequest: app.authenticate,
    schema: {
      params: OrderReturnParams,
      body: OrderReturnBody,
      response: { 200: OrderReturnAnswer, ...JSON_ERROR_RESPONSES },
    },
    handler: async (request) => {
      const user = signedInUser(request);
      const { id } = request.params;
      const { reason } = request.body;
      const order = await store.getOrder(id);
      // Someone else's order is answered as a missing one: its existence is not the shopper's to know.
      if (!order || order.uid !== user.uid) throw notFound();
      if (granted(order.fulfilment)) return { fulfilment: order.fulfilment };
      const result = await store.stepOrder(id, { type: 'solicitarDevolucao', at: now(), reason });
      if (result.kind === 'missing') throw notFound();
      if (result.kind === 'refused') {
        // A concurrent request (a second tab) granted it between the read and the step.
        if (granted(result.order.fulfilment)) return { fulfilment: result.order.fulfilment };
        throw new HttpError(409, 'return-refused', result.message);
      }
      request.log.info({ orderId: id, uid: user.uid, reason }, 'order return requested');
      return { fulfilment: result.order.fulfilment };
    },
  });
};
