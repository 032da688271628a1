// Model-based test of the order lifecycle: paths generated from orderLifecycleMachine, every event offered in
// every state with valid and invalid payloads, replayed through applyOrderStep (what the backend runs) and
// checked step by step against the table of allowed transitions written out below. The table, the days and the
// messages are written here by hand; nothing on the expected side comes from the machine.
import { describe, expect, it } from 'vitest';
import { transition, type EventObject } from 'xstate';
import { paidFulfilment, type Fulfilment, type FulfilmentStatus } from '../../src/domain/fulfilment';
import {
  applyOrderStep,
  orderLifecycleMachine,
  type OrderLifecycleEvent,
} from '../../src/machines/orderLifecycleMachine';
import { shortestPaths } from './model/modelGraph';

type EventType = OrderLifecycleEvent['type'];

/** Every step an order may take: from a status, by an event, to a status. Anything else is refused. */
const ALLOWED: Record<FulfilmentStatus, Partial<Record<EventType, FulfilmentStatus>>> = {
  pago: { separar: 'em_separacao', cancelar: 'cancelado' },
  em_separacao: { enviar: 'enviado', cancelar: 'cancelado' },
  enviado: { entregar: 'entregue' },
  entregue: { solicitarDevolucao: 'devolucao_solicitada' },
  devolucao_solicitada: { reembolsar: 'reembolsado' },
  cancelado: { reembolsar: 'reembolsado' },
  reembolsado: {},
};
const EVENT_TYPES: EventType[] = ['separar', 'enviar', 'entregar', 'cancelar', 'solicitarDevolucao', 'reembolsar'];

/** 2026-11-02 10:00 in Brasília (13:00 UTC): the payment. */
const PAID_AT = Date.UTC(2026, 10, 2, 13, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Payload variants; `valid: false` ones must be refused even where the event type is allowed. */
type Variant = OrderLifecycleEvent & { valid: boolean };

function variantsOf(type: EventType, context: Fulfilment): Variant[] {
  // Each step one day after the last one, so history times are distinct and ordered.
  const at = context.history[context.history.length - 1]!.at + DAY;
  switch (type) {
    case 'enviar':
      return [
        { type, at, trackingCode: 'QB123456789BR', valid: true },
        { type, at, trackingCode: 'qb123456789br', valid: false },
        { type, at, trackingCode: 'QB12345678BR', valid: false },
      ];
    case 'solicitarDevolucao': {
      // Delivered at 23:30 in Brasília (02:30 UTC next day): the days count in Brasília, not in UTC.
      const delivered = context.deliveredAt ?? at;
      return [
        { type, at: delivered + 7 * DAY, reason: 'tamanho', valid: true },
        { type, at: delivered + 8 * DAY, reason: 'tamanho', valid: false },
        { type, at: delivered + DAY, reason: 'nenhum' as never, valid: false },
      ];
    }
    default:
      return [{ type, at, valid: true } as Variant];
  }
}

const paths = shortestPaths(orderLifecycleMachine, {
  input: paidFulfilment(PAID_AT),
  offerEverywhere: EVENT_TYPES,
  variants: (type, snapshot) =>
    EVENT_TYPES.includes(type as EventType) ? variantsOf(type as EventType, snapshot.context) : undefined,
});

const stripValid = ({ valid: _valid, ...event }: EventObject & { valid?: boolean }) => event as OrderLifecycleEvent;

describe('orderLifecycleMachine: every generated path follows the table of allowed steps', () => {
  it('the paths reach every status and take every allowed step', () => {
    const taken = new Set<string>();
    for (const path of paths) {
      let fulfilment = paidFulfilment(PAID_AT);
      for (const { event } of path.steps) {
        const result = applyOrderStep(fulfilment, stripValid(event));
        if (result.ok) {
          taken.add(`${fulfilment.status} ${event.type}`);
          fulfilment = result.fulfilment;
        }
      }
    }
    const allowed = Object.entries(ALLOWED).flatMap(([from, steps]) =>
      Object.keys(steps).map((type) => `${from} ${type}`),
    );
    expect([...taken].sort()).toEqual(allowed.sort());
  });

  /** One step checked against the table: the next fulfilment when it is allowed, null when it is refused. */
  function checkStep(fulfilment: Fulfilment, variant: Variant): Fulfilment | null {
    const expected = variant.valid ? ALLOWED[fulfilment.status][variant.type] : undefined;
    const result = applyOrderStep(fulfilment, stripValid(variant));
    if (expected === undefined) {
      expect(result, `${fulfilment.status} ${JSON.stringify(variant)} must be refused`).toMatchObject({ ok: false });
      return null;
    }
    expect(result.ok, `${fulfilment.status} ${variant.type} must be taken`).toBe(true);
    if (!result.ok) return null;
    const next = result.fulfilment;
    expect(next.status).toBe(expected);
    expect(next.history).toEqual([...fulfilment.history, { status: expected, at: variant.at }]);
    expect(next.trackingCode).toBe(variant.type === 'enviar' ? 'QB123456789BR' : fulfilment.trackingCode);
    expect(next.deliveredAt).toBe(variant.type === 'entregar' ? variant.at : fulfilment.deliveredAt);
    expect(next.returnReason).toBe(variant.type === 'solicitarDevolucao' ? 'tamanho' : fulfilment.returnReason);
    return next;
  }

  // Each path is replayed, then every event in every variant is tried where it ends.
  it.each(paths.map((path, index) => [index, path] as const))('path %i', (_index, path) => {
    let fulfilment = paidFulfilment(PAID_AT);
    // A refused step leaves the order as it was (the paths end on refusals too).
    for (const { event } of path.steps) fulfilment = checkStep(fulfilment, event as Variant) ?? fulfilment;
    for (const type of EVENT_TYPES) for (const variant of variantsOf(type, fulfilment)) checkStep(fulfilment, variant);
  });
});

describe('applyOrderStep: the refusals say why, in pt-BR', () => {
  const at = (status: FulfilmentStatus, extra: Partial<Fulfilment> = {}): Fulfilment => ({
    ...paidFulfilment(PAID_AT),
    status,
    ...extra,
  });

  it('a step from the wrong status names the step and the status', () => {
    expect(applyOrderStep(at('pago'), { type: 'entregar', at: PAID_AT + DAY })).toEqual({
      ok: false,
      message: 'Não é possível entregar um pedido com a situação "Pago".',
    });
    expect(applyOrderStep(at('enviado'), { type: 'cancelar', at: PAID_AT + DAY })).toEqual({
      ok: false,
      message: 'Não é possível cancelar um pedido com a situação "Enviado".',
    });
    expect(applyOrderStep(at('reembolsado'), { type: 'reembolsar', at: PAID_AT + DAY })).toEqual({
      ok: false,
      message: 'Não é possível reembolsar um pedido com a situação "Reembolsado".',
    });
    expect(applyOrderStep(at('enviado'), { type: 'solicitarDevolucao', at: PAID_AT + DAY, reason: 'defeito' })).toEqual(
      {
        ok: false,
        message: 'Não é possível solicitar a devolução de um pedido com a situação "Enviado".',
      },
    );
  });

  it('each step refused from a status that does not take it says so, whatever its payload', () => {
    const refusals: Array<[Fulfilment, OrderLifecycleEvent, string]> = [
      [at('enviado'), { type: 'separar', at: PAID_AT }, 'Não é possível separar um pedido com a situação "Enviado".'],
      // A bad code from a status that cannot ship at all: the status is what is wrong.
      [
        at('pago'),
        { type: 'enviar', at: PAID_AT, trackingCode: 'errado' },
        'Não é possível enviar um pedido com a situação "Pago".',
      ],
      [
        at('em_separacao'),
        { type: 'entregar', at: PAID_AT },
        'Não é possível entregar um pedido com a situação "Em separação".',
      ],
      [
        at('entregue'),
        { type: 'reembolsar', at: PAID_AT },
        'Não é possível reembolsar um pedido com a situação "Entregue".',
      ],
      // Not delivered yet: no reason makes it returnable, a missing one included.
      [
        at('enviado'),
        { type: 'solicitarDevolucao', at: PAID_AT, reason: 'porque sim' as never },
        'Não é possível solicitar a devolução de um pedido com a situação "Enviado".',
      ],
      // Marked delivered without its time: nothing to count the window from.
      [
        at('entregue'),
        { type: 'solicitarDevolucao', at: PAID_AT, reason: 'defeito' },
        'Não é possível solicitar a devolução de um pedido com a situação "Entregue".',
      ],
      // Asked before the stored delivery time: not a closed window either.
      [
        at('entregue', { deliveredAt: PAID_AT + DAY }),
        { type: 'solicitarDevolucao', at: PAID_AT, reason: 'defeito' },
        'Não é possível solicitar a devolução de um pedido com a situação "Entregue".',
      ],
    ];
    for (const [fulfilment, event, message] of refusals)
      expect(applyOrderStep(fulfilment, event), `${fulfilment.status} ${event.type}`).toEqual({ ok: false, message });
  });

  it('a refunded order is finished: the machine stops there', () => {
    const asked = orderLifecycleMachine.resolveState({
      value: 'devolucao_solicitada',
      context: at('devolucao_solicitada'),
    });
    const [refunded] = transition(orderLifecycleMachine, asked, { type: 'reembolsar', at: PAID_AT + DAY });
    expect(refunded.value).toBe('reembolsado');
    expect(refunded.status).toBe('done');
  });

  it('a tracking code out of the Correios format is refused with the format', () => {
    expect(
      applyOrderStep(at('em_separacao'), { type: 'enviar', at: PAID_AT + DAY, trackingCode: 'QB123456789US' }),
    ).toEqual({
      ok: false,
      message: 'Código de rastreio inválido: "QB123456789US". Use o formato dos Correios, como AA123456789BR.',
    });
  });

  it('the return window counts Brasília calendar days from the delivery: day 7 is in, day 8 is out', () => {
    // Delivered on 2026-11-10 at 23:30 in Brasília, which is already 2026-11-11 in UTC.
    const deliveredAt = Date.UTC(2026, 10, 11, 2, 30);
    const delivered = at('entregue', { deliveredAt });
    // 2026-11-17 23:59 in Brasília: the 7th day.
    const lastMinute = Date.UTC(2026, 10, 18, 2, 59);
    expect(applyOrderStep(delivered, { type: 'solicitarDevolucao', at: lastMinute, reason: 'arrependimento' }).ok).toBe(
      true,
    );
    // 2026-11-18 00:00 in Brasília: the 8th day.
    const eighthDay = Date.UTC(2026, 10, 18, 3, 0);
    expect(applyOrderStep(delivered, { type: 'solicitarDevolucao', at: eighthDay, reason: 'arrependimento' })).toEqual({
      ok: false,
      message:
        'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
    });
  });

  it('a return without a reason from the list is refused', () => {
    const delivered = at('entregue', { deliveredAt: PAID_AT });
    expect(
      applyOrderStep(delivered, { type: 'solicitarDevolucao', at: PAID_AT + DAY, reason: 'porque sim' as never }),
    ).toEqual({ ok: false, message: 'Escolha um motivo para a devolução.' });
  });

  it('a stored order marked entregue without its delivery time cannot be returned (nothing to count from)', () => {
    const result = applyOrderStep(at('entregue'), { type: 'solicitarDevolucao', at: PAID_AT, reason: 'defeito' });
    expect(result.ok).toBe(false);
  });
});
