import { describe, expect, it } from 'vitest';
import { ReturnFailedError, type ReturnFailure, type ReturnsPort } from '../../src/adapters/returns/returnsPort';
import type { Fulfilment } from '../../src/domain/fulfilment';
import { aDeliveredFulfilment } from '../support/builders';

/** What the backend (or the fake) does for this test, besides the orders it holds. */
export type ReturnsScenario = 'normal' | 'server-error' | 'timeout' | 'network-down' | 'signed-out';

export interface ReturnsWorld {
  scenario: ReturnsScenario;
  /** The signed-in shopper's orders, by id. */
  mine: Record<string, Fulfilment>;
  /** Another shopper's orders, by id. */
  others: Record<string, Fulfilment>;
  /** The backend's clock (epoch ms). */
  now: number;
}

export interface ReturnsSetup {
  returns: ReturnsPort;
  /** The requests the backend received, oldest first. */
  received(): Array<{ orderId: string; reason: string }>;
}
export type MakeReturns = (world: ReturnsWorld) => Promise<ReturnsSetup>;

/** 10/12/2026 at 12:00 in Brasília. */
export const RETURNS_NOW = Date.UTC(2026, 11, 10, 15, 0);
const DAY = 86_400_000;

const sent: Fulfilment = {
  status: 'enviado',
  history: aDeliveredFulfilment(RETURNS_NOW).history.slice(0, 3),
  trackingCode: 'QB987654321BR',
  deliveredAt: null,
  returnReason: null,
};

const mine = {
  cs_sim_recent: aDeliveredFulfilment(RETURNS_NOW - 2 * DAY),
  cs_sim_late: aDeliveredFulfilment(RETURNS_NOW - 8 * DAY),
  cs_sim_sent: sent,
};
const others = { cs_sim_bruno: aDeliveredFulfilment(RETURNS_NOW - DAY) };

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ReturnFailedError);
  return error as ReturnFailedError;
};

/** The ReturnsPort contract: every implementation must pass it. */
export function testReturnsPort(name: string, makeAdapter: MakeReturns) {
  const make = (scenario: ReturnsScenario = 'normal') => makeAdapter({ scenario, mine, others, now: RETURNS_NOW });

  describe(`ReturnsPort contract: ${name}`, () => {
    it("grants a delivered order's return within 7 days: the fulfilment at Devolução solicitada, with the reason", async () => {
      const { returns, received } = await make();
      const fulfilment = await returns.requestReturn('cs_sim_recent', 'tamanho');
      expect(fulfilment).toEqual({
        ...mine.cs_sim_recent,
        status: 'devolucao_solicitada',
        history: [...mine.cs_sim_recent.history, { status: 'devolucao_solicitada', at: RETURNS_NOW }],
        returnReason: 'tamanho',
      });
      expect(received()).toEqual([{ orderId: 'cs_sim_recent', reason: 'tamanho' }]);
    });

    it('asked again, answers the same fulfilment (no second step)', async () => {
      const { returns } = await make();
      const first = await returns.requestReturn('cs_sim_recent', 'defeito');
      const again = await returns.requestReturn('cs_sim_recent', 'arrependimento');
      expect(again).toEqual(first);
      expect(again.returnReason).toBe('defeito');
    });

    it("day 8 after the delivery: refused (409) with the lifecycle's pt-BR message", async () => {
      const { returns } = await make();
      const error = await failureOf(returns.requestReturn('cs_sim_late', 'tamanho'));
      expect(error).toMatchObject({ reason: 'refused', code: 'returns/refused', status: 409 });
      expect(error.userMessage).toBe(
        'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
      );
    });

    it('an order not delivered yet: refused, in the pt-BR words of the lifecycle', async () => {
      const { returns } = await make();
      const error = await failureOf(returns.requestReturn('cs_sim_sent', 'tamanho'));
      expect(error).toMatchObject({ reason: 'refused', status: 409 });
      expect(error.userMessage).toBe('Não é possível solicitar a devolução de um pedido com a situação "Enviado".');
    });

    it.each([
      ['an unknown id', 'cs_sim_nao_existe'],
      ["someone else's order", 'cs_sim_bruno'],
    ])('%s: not-found (404), "Pedido não encontrado."', async (_name, id) => {
      const { returns } = await make();
      const error = await failureOf(returns.requestReturn(id, 'tamanho'));
      expect(error).toMatchObject({ reason: 'not-found', code: 'returns/not-found', status: 404 });
      expect(error.userMessage).toBe('Pedido não encontrado.');
    });

    const failures: Array<[Exclude<ReturnsScenario, 'normal'>, ReturnFailure]> = [
      ['server-error', 'http'],
      ['timeout', 'timeout'],
      ['network-down', 'network'],
      ['signed-out', 'unauthenticated'],
    ];
    it.each(failures)('%s: ReturnFailedError(%s), without a message for the shopper', async (scenario, reason) => {
      const { returns } = await make(scenario);
      const error = await failureOf(returns.requestReturn('cs_sim_recent', 'tamanho'));
      expect(error).toMatchObject({ reason, code: `returns/${reason}` });
      expect(error.userMessage).toBeUndefined();
    });

    it('reports the HTTP status of a server error', async () => {
      const { returns } = await make('server-error');
      await expect(returns.requestReturn('cs_sim_recent', 'tamanho')).rejects.toMatchObject({ status: 500 });
    });

    it('sends nothing when nobody is signed in', async () => {
      const { returns, received } = await make('signed-out');
      await returns.requestReturn('cs_sim_recent', 'tamanho').catch(() => {});
      expect(received()).toEqual([]);
    });
  });
}
