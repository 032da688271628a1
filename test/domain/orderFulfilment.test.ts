// checkoutSessions/{id}.fulfilment as the storefront reads it (docs/requirements.md#orders, #order-lifecycle):
// the struct, toOrder's copy and the Brasília date and time of a step. Expected values are written by hand.
import { describe, expect, it } from 'vitest';
import { is, validate } from 'superstruct';
import { FULFILMENT_STATUSES, RETURN_REASONS } from '../../src/domain/fulfilment';
import {
  formatOrderDateTime,
  OrderDocumentStruct,
  OrderFulfilmentStruct,
  toOrder,
  type OrderDocument,
} from '../../src/domain/order';

/** A paid card session as the backend writes it, before any fulfilment. */
const paidDocument = {
  id: 'cs_card_1',
  status: 'paid',
  uid: 'ana',
  lineItems: [{ productId: 'jaqueta', name: 'Jaqueta Jeans', unitAmount: 8990, quantity: 1 }],
  amountTotal: 8990,
  currency: 'brl',
  createdAt: Date.UTC(2026, 10, 10, 13, 0),
  finishedAt: Date.UTC(2026, 10, 10, 13, 20),
  paymentMethod: 'card',
  pix: null,
  boleto: null,
};

/** Paid, picked, sent with a tracking code (with a field the storefront does not read). */
const shipped = {
  status: 'enviado',
  history: [
    { status: 'pago', at: Date.UTC(2026, 10, 10, 13, 20) },
    { status: 'em_separacao', at: Date.UTC(2026, 10, 11, 12, 0), by: 'ignored' },
    { status: 'enviado', at: Date.UTC(2026, 10, 12, 17, 5) },
  ],
  trackingCode: 'AA123456789BR',
  deliveredAt: null,
  returnReason: null,
  updatedBy: 'ignored',
};
const withFulfilment = (fulfilment: unknown) => ({ ...paidDocument, fulfilment });
const withChanges = (changes: Record<string, unknown>) => withFulfilment({ ...shipped, ...changes });

describe('OrderFulfilmentStruct (checkoutSessions/{id}.fulfilment)', () => {
  it('knows exactly the steps and return reasons of src/domain/fulfilment.ts', () => {
    expect(FULFILMENT_STATUSES).toEqual([
      'pago',
      'em_separacao',
      'enviado',
      'entregue',
      'cancelado',
      'devolucao_solicitada',
      'reembolsado',
    ]);
    for (const status of FULFILMENT_STATUSES)
      expect(is({ ...shipped, status, history: [{ status, at: 1 }] }, OrderFulfilmentStruct)).toBe(true);
    expect(Object.keys(RETURN_REASONS)).toEqual(['arrependimento', 'tamanho', 'defeito', 'diferente', 'atraso']);
    for (const returnReason of Object.keys(RETURN_REASONS))
      expect(is({ ...shipped, returnReason }, OrderFulfilmentStruct)).toBe(true);
  });

  it('accepts a shipped order, a delivered one with a return asked, null, or no field at all', () => {
    expect(validate(withFulfilment(shipped), OrderDocumentStruct)[0]).toBeUndefined();
    expect(
      is(
        withChanges({
          status: 'devolucao_solicitada',
          deliveredAt: Date.UTC(2026, 10, 14, 2, 30),
          returnReason: 'tamanho',
        }),
        OrderDocumentStruct,
      ),
    ).toBe(true);
    expect(is(withChanges({ status: 'pago', history: [], trackingCode: null }), OrderDocumentStruct)).toBe(true);
    expect(is(withFulfilment(null), OrderDocumentStruct)).toBe(true);
    expect(is(paidDocument, OrderDocumentStruct)).toBe(true);
  });

  it.each([
    ['a text', withFulfilment('enviado')],
    ['an unknown status', withChanges({ status: 'shipped' })],
    ['a status in the shopper’s words', withChanges({ status: 'Enviado' })],
    ['no status', withChanges({ status: undefined })],
    ['no history', withChanges({ history: undefined })],
    ['a history that is not a list', withChanges({ history: { status: 'pago', at: 1 } })],
    ['a step of an unknown status', withChanges({ history: [{ status: 'perdido', at: 1 }] })],
    ['a step without its time', withChanges({ history: [{ status: 'pago' }] })],
    ['a step at a text time', withChanges({ history: [{ status: 'pago', at: '2026-11-10' }] })],
    ['a step at a fractional time', withChanges({ history: [{ status: 'pago', at: 1.5 }] })],
    ['a tracking code that is not text', withChanges({ trackingCode: 123456789 })],
    ['a missing tracking code (null when none)', withChanges({ trackingCode: undefined })],
    ['a delivery time as text', withChanges({ deliveredAt: '13/11/2026' })],
    ['a missing delivery time (null when none)', withChanges({ deliveredAt: undefined })],
    ['an unknown return reason', withChanges({ returnReason: 'cor' })],
    ['a return reason in the shopper’s words', withChanges({ returnReason: 'O tamanho não serviu' })],
    ['a missing return reason (null when none)', withChanges({ returnReason: undefined })],
  ])('makes the document malformed with %s', (_name, document) => {
    expect(is(document, OrderDocumentStruct)).toBe(false);
  });
});

describe('toOrder: the fulfilment', () => {
  it('is copied field by field, extra backend fields left out', () => {
    expect(toOrder(withFulfilment(shipped) as OrderDocument).fulfilment).toEqual({
      status: 'enviado',
      history: [
        { status: 'pago', at: Date.UTC(2026, 10, 10, 13, 20) },
        { status: 'em_separacao', at: Date.UTC(2026, 10, 11, 12, 0) },
        { status: 'enviado', at: Date.UTC(2026, 10, 12, 17, 5) },
      ],
      trackingCode: 'AA123456789BR',
      deliveredAt: null,
      returnReason: null,
    });
    const returned = toOrder(
      withChanges({
        status: 'devolucao_solicitada',
        deliveredAt: 1_763_087_400_000,
        returnReason: 'defeito',
      }) as OrderDocument,
    );
    expect(returned.fulfilment?.status).toBe('devolucao_solicitada');
    expect(returned.fulfilment?.deliveredAt).toBe(1_763_087_400_000);
    expect(returned.fulfilment?.returnReason).toBe('defeito');
  });

  it('does not share the document’s history list', () => {
    const document = withFulfilment({ ...shipped, history: [{ status: 'pago', at: 1 }] }) as OrderDocument;
    const order = toOrder(document);
    document.fulfilment!.history.push({ status: 'cancelado', at: 2 });
    expect(order.fulfilment?.history).toEqual([{ status: 'pago', at: 1 }]);
  });

  it('is null when the field is absent or null', () => {
    expect(toOrder(paidDocument as OrderDocument).fulfilment).toBeNull();
    expect(toOrder(withFulfilment(null) as OrderDocument).fulfilment).toBeNull();
  });
});

describe('formatOrderDateTime', () => {
  it('is the date and time in Brasília, "dd/mm/aaaa às hh:mm"', () => {
    expect(formatOrderDateTime(Date.UTC(2026, 10, 12, 17, 5))).toBe('12/11/2026 às 14:05');
    // 02:30 UTC on the 14th is still 23:30 on the 13th in São Paulo (UTC−3).
    expect(formatOrderDateTime(Date.UTC(2026, 10, 14, 2, 30))).toBe('13/11/2026 às 23:30');
    expect(formatOrderDateTime(Date.UTC(2027, 0, 1, 3, 0))).toBe('01/01/2027 às 00:00');
  });
});
