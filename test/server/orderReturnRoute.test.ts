// @vitest-environment node
// POST /orders/:id/return (docs/requirements.md#backend, #order-lifecycle): the shopper's withdrawal right over
// the in-memory store, a fixed route clock and the fake token verifier.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ORDER_RETURN_ROUTE } from '../../server/app';
import { orderReturnPath } from '../../server/routes/orderReturn';
import type { Fulfilment } from '../../src/domain/fulfilment';
import { aDeliveredFulfilment } from '../support/builders';
import type { NewOrder } from '../../server/store/sessionStorePort';
import { createMemoryStore } from '../../server/store/memorySessionStore';
import { buildTestServer, emulatorIdToken } from './support';

/** The route's clock: 10/12/2026 at 12:00 in Brasília (15:00 UTC). */
const NOW = Date.UTC(2026, 11, 10, 15, 0);
const DAY = 86_400_000;
const ana = emulatorIdToken({ uid: 'ana-uid', email: 'ana@example.com' });
const bruno = emulatorIdToken({ uid: 'bruno-uid', email: 'bruno@example.com' });

const delivered = aDeliveredFulfilment;

const anOrder = (id: string, fulfilment: Fulfilment, uid = 'ana-uid'): NewOrder => ({
  id,
  provider: 'simulated',
  uid,
  email: `${uid}@example.com`,
  lineItems: [{ productId: 'jaqueta-couro', name: 'Jaqueta de Couro Preta', unitAmount: 49990, quantity: 1 }],
  amountTotal: 49990,
  currency: 'brl',
  delivery: null,
  paymentMethod: 'card',
  paidAt: fulfilment.history[0]!.at,
  fulfilment,
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function setup(orders: NewOrder[]) {
  const store = createMemoryStore();
  for (const order of orders) await store.recordOrder(order);
  app = await buildTestServer({ store, now: () => NOW, rateLimit: false });
  const ask = (
    id: string,
    payload: string | object = { reason: 'tamanho' },
    headers: Record<string, string> = { authorization: `Bearer ${ana}` },
  ) =>
    app!.inject({
      method: 'POST',
      url: orderReturnPath(id),
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  return { store, ask };
}

const errorOf = (response: { json: <T>() => T }) => response.json<{ error: { code: string; message: string } }>().error;

describe('POST /orders/:id/return', () => {
  it('is the route the storefront calls', () => {
    expect(ORDER_RETURN_ROUTE).toBe('/orders/:id/return');
    expect(orderReturnPath('cs_sim_1')).toBe('/orders/cs_sim_1/return');
  });

  it('records the return of a delivered order with its reason and time, and answers the new fulfilment', async () => {
    const { ask, store } = await setup([anOrder('cs_sim_a', delivered(NOW - 3 * DAY))]);
    const response = await ask('cs_sim_a', { reason: 'defeito' });
    expect(response.statusCode).toBe(200);
    const { fulfilment } = response.json<{ fulfilment: Fulfilment }>();
    expect(fulfilment.status).toBe('devolucao_solicitada');
    expect(fulfilment.returnReason).toBe('defeito');
    expect(fulfilment.history.at(-1)).toEqual({ status: 'devolucao_solicitada', at: NOW });
    expect(fulfilment.history).toHaveLength(5);
    expect(fulfilment.trackingCode).toBe('QB987654321BR');
    expect(fulfilment.deliveredAt).toBe(NOW - 3 * DAY);
    expect(store.orders.get('cs_sim_a')!.fulfilment).toEqual(fulfilment);
  });

  it('on the seventh Brasília day after the delivery it is still granted', async () => {
    // Delivered on 03/12 at 23:30 in Brasília (02:30 UTC on the 4th): the 10th is its seventh day after.
    const { ask } = await setup([anOrder('cs_sim_a', delivered(Date.UTC(2026, 11, 4, 2, 30)))]);
    const response = await ask('cs_sim_a');
    expect(response.statusCode).toBe(200);
    expect(response.json<{ fulfilment: Fulfilment }>().fulfilment.status).toBe('devolucao_solicitada');
  });

  it('asked again: 200 with the stored fulfilment, no second step (even with another reason)', async () => {
    const { ask, store } = await setup([anOrder('cs_sim_a', delivered(NOW - DAY))]);
    const first = await ask('cs_sim_a', { reason: 'tamanho' });
    const stored = store.orders.get('cs_sim_a')!.fulfilment;
    const again = await ask('cs_sim_a', { reason: 'arrependimento' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json<{ fulfilment: Fulfilment }>().fulfilment.returnReason).toBe('tamanho');
    expect(store.orders.get('cs_sim_a')!.fulfilment).toEqual(stored);
    expect(stored.history.filter((step) => step.status === 'devolucao_solicitada')).toHaveLength(1);
  });

  it("someone else's order: 404 Pedido não encontrado., and the order is unchanged", async () => {
    const { ask, store } = await setup([anOrder('cs_sim_b', delivered(NOW - DAY), 'bruno-uid')]);
    const before = structuredClone(store.orders.get('cs_sim_b'));
    const response = await ask('cs_sim_b');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ code: 'order_not_found', message: 'Pedido não encontrado.' });
    expect(store.orders.get('cs_sim_b')).toEqual(before);
    // Its owner may.
    const own = await ask('cs_sim_b', { reason: 'tamanho' }, { authorization: `Bearer ${bruno}` });
    expect(own.statusCode).toBe(200);
  });

  it('an unknown id answers exactly as someone else’s order', async () => {
    const { ask } = await setup([anOrder('cs_sim_b', delivered(NOW - DAY), 'bruno-uid')]);
    const unknown = await ask('cs_sim_nao_existe');
    const othersOrder = await ask('cs_sim_b');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toBe(othersOrder.body);
  });

  it.each([
    ['dots', '/orders/%2E%2E/return'],
    ['an encoded slash', '/orders/cs_sim_a%2Fx/return'],
    ['a space', '/orders/cs%20sim_a/return'],
  ])('a malformed id (%s) is refused before the store is read, and says nothing of any order', async (_name, url) => {
    const { store } = await setup([anOrder('cs_sim_a', delivered(NOW - DAY))]);
    const response = await app!.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana}` },
      payload: JSON.stringify({ reason: 'tamanho' }),
    });
    expect([400, 404]).toContain(response.statusCode);
    expect(errorOf(response).message).toMatch(/^(Pedido não encontrado\.$|Rota não encontrada: )/);
    expect(store.orders.get('cs_sim_a')!.fulfilment.status).toBe('entregue');
  });

  it('day 8 after the delivery: 409 with the lifecycle’s message, and nothing changes', async () => {
    // Delivered on 02/12 at 12:00 in Brasília: the 10th is the eighth day after.
    const { ask, store } = await setup([anOrder('cs_sim_a', delivered(NOW - 8 * DAY))]);
    const response = await ask('cs_sim_a');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'return-refused',
      message:
        'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
    });
    expect(store.orders.get('cs_sim_a')!.fulfilment.status).toBe('entregue');
  });

  it('an order not delivered yet: 409 "Não é possível solicitar a devolução de…"', async () => {
    const sent: Fulfilment = {
      ...delivered(NOW),
      status: 'enviado',
      history: delivered(NOW).history.slice(0, 3),
      deliveredAt: null,
    };
    const { ask, store } = await setup([anOrder('cs_sim_a', sent)]);
    const response = await ask('cs_sim_a');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'return-refused',
      message: 'Não é possível solicitar a devolução de um pedido com a situação "Enviado".',
    });
    expect(store.orders.get('cs_sim_a')!.fulfilment).toEqual(sent);
  });

  it.each([
    ['no reason', {}],
    ['an unknown reason', { reason: 'outro' }],
    ['a reason that is a property of every object', { reason: 'constructor' }],
    ['a number', { reason: 1 }],
  ])(
    'a bad body (%s): 400 "Escolha um motivo para a devolução." or the body’s shape, nothing changes',
    async (_name, body) => {
      const { ask, store } = await setup([anOrder('cs_sim_a', delivered(NOW - DAY))]);
      const response = await ask('cs_sim_a', body);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('invalid_body');
      expect(errorOf(response).message).toMatch(/motivo|"reason"/);
      expect(store.orders.get('cs_sim_a')!.fulfilment.status).toBe('entregue');
    },
  );

  it('an unknown reason says to choose one', async () => {
    const { ask } = await setup([anOrder('cs_sim_a', delivered(NOW - DAY))]);
    expect(errorOf(await ask('cs_sim_a', { reason: 'outro' })).message).toBe('Escolha um motivo para a devolução.');
  });

  it('without a token: 401 "Faça login…"; a bad one: "Sessão inválida ou expirada…"; nothing changes', async () => {
    const { ask, store } = await setup([anOrder('cs_sim_a', delivered(NOW - DAY))]);
    const anonymous = await ask('cs_sim_a', { reason: 'tamanho' }, {});
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous)).toEqual({ code: 'unauthenticated', message: 'Faça login para finalizar a compra.' });
    const forged = await ask('cs_sim_a', { reason: 'tamanho' }, { authorization: 'Bearer not-a-token' });
    expect(forged.statusCode).toBe(401);
    expect(errorOf(forged)).toEqual({
      code: 'unauthenticated',
      message: 'Sessão inválida ou expirada. Faça login novamente.',
    });
    expect(store.orders.get('cs_sim_a')!.fulfilment.status).toBe('entregue');
  });

  it('counts toward the per-IP limit like every route', async () => {
    const store = createMemoryStore();
    await store.recordOrder(anOrder('cs_sim_a', delivered(NOW - DAY)));
    app = await buildTestServer({ store, now: () => NOW, rateLimit: { max: 2, timeWindowMs: 60_000 } });
    const post = () =>
      app!.inject({
        method: 'POST',
        url: orderReturnPath('cs_sim_a'),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ana}` },
        payload: JSON.stringify({ reason: 'tamanho' }),
      });
    expect((await post()).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).message).toMatch(/^Muitas requisições\. Tente novamente em \d+ s\.$/);
  });
});
