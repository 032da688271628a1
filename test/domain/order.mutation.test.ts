// src/domain/order.ts as the mutation run (npm run test:mutation) sees it: only test/domain and test/machines run
// there, and the orders adapters' contract tests and the order pages' UI tests, which use these rules, do not.
// Expected values are written by hand here (no value read back from the code under test).
import { describe, expect, it } from 'vitest';
import { is, validate } from 'superstruct';
import {
  formatOrderDate,
  formatOrderTime,
  fromCentavos,
  isOrder,
  newestFirst,
  ORDER_STATUS_LABELS,
  OrderDeliveryStruct,
  OrderDocumentStruct,
  OrderStatusStruct,
  PAYMENT_METHOD_LABELS,
  PaymentMethodStruct,
  toOrder,
  type Order,
  type OrderDocument,
} from '../../src/domain/order';
import { anAddress, anOrderDelivery } from '../support/builders';

/** A stored pix session as the backend writes it, with fields the storefront does not read. */
const pixDocument = {
  id: 'cs_pix_1',
  status: 'pending',
  uid: 'ana',
  lineItems: [
    { productId: 'jaqueta', name: 'Jaqueta Jeans', unitAmount: 8990, quantity: 2, taxCode: 'ignored' },
    { productId: 'bone', name: 'Boné', unitAmount: 10, quantity: 1 },
  ],
  amountTotal: 17990,
  currency: 'brl',
  createdAt: 1_764_000_000_000,
  finishedAt: null,
  paymentMethod: 'pix',
  pix: { copyPaste: '00020126pix', expiresAt: 1_764_003_600_000, qrCodeUrl: 'ignored' },
  boleto: null,
  idempotencyKey: 'ignored',
};

const boletoDocument = {
  id: 'cs_boleto_1',
  status: 'paid',
  uid: 'ana',
  lineItems: [{ productId: 'bota', name: 'Bota', unitAmount: 25000, quantity: 1 }],
  amountTotal: 25000,
  currency: 'brl',
  createdAt: 1_764_100_000_000,
  paymentMethod: 'boleto',
  boleto: { line: '23790.00000 1', dueAt: 1_764_200_000_000, pdfUrl: 'ignored' },
};

const order = (id: string, createdAt: number): Order => ({
  id,
  status: 'paid',
  uid: 'ana',
  items: [],
  amountTotal: 100,
  createdAt,
  paymentMethod: 'card',
  pix: null,
  boleto: null,
  delivery: null,
  fulfilment: null,
});

describe('order statuses and payment methods', () => {
  it('accepts exactly the six statuses and three methods the backend writes', () => {
    for (const status of ['open', 'pending', 'paid', 'expired', 'canceled', 'declined'])
      expect(is(status, OrderStatusStruct)).toBe(true);
    for (const status of ['', 'refunded', 'Paid']) expect(is(status, OrderStatusStruct)).toBe(false);
    for (const method of ['card', 'pix', 'boleto']) expect(is(method, PaymentMethodStruct)).toBe(true);
    for (const method of ['', 'cash']) expect(is(method, PaymentMethodStruct)).toBe(false);
  });

  it('labels every status and method in the shopper’s words', () => {
    expect(ORDER_STATUS_LABELS).toEqual({
      open: 'Em aberto',
      pending: 'Aguardando pagamento',
      paid: 'Pago',
      expired: 'Expirado',
      canceled: 'Cancelado',
      declined: 'Recusado',
    });
    expect(PAYMENT_METHOD_LABELS).toEqual({ card: 'Cartão', pix: 'Pix', boleto: 'Boleto' });
  });
});

describe('OrderDocumentStruct', () => {
  it('accepts a pix and a boleto session, extra backend fields included', () => {
    expect(validate(pixDocument, OrderDocumentStruct)[0]).toBeUndefined();
    expect(validate(boletoDocument, OrderDocumentStruct)[0]).toBeUndefined();
  });

  it.each([
    ['an empty document', {}],
    ['a missing id', { ...pixDocument, id: undefined }],
    ['an empty id', { ...pixDocument, id: '' }],
    ['an unknown status', { ...pixDocument, status: 'refunded' }],
    ['an empty uid', { ...pixDocument, uid: '' }],
    ['a line without its product id', { ...pixDocument, lineItems: [{ name: 'Boné', unitAmount: 10, quantity: 1 }] }],
    ['a line without its name', { ...pixDocument, lineItems: [{ productId: 'bone', unitAmount: 10, quantity: 1 }] }],
    [
      'a negative unit amount',
      { ...pixDocument, lineItems: [{ productId: 'bone', name: 'Boné', unitAmount: -1, quantity: 1 }] },
    ],
    [
      'a fractional unit amount',
      { ...pixDocument, lineItems: [{ productId: 'bone', name: 'Boné', unitAmount: 9.5, quantity: 1 }] },
    ],
    [
      'a zero quantity',
      { ...pixDocument, lineItems: [{ productId: 'bone', name: 'Boné', unitAmount: 10, quantity: 0 }] },
    ],
    ['a negative total', { ...pixDocument, amountTotal: -5 }],
    ['another currency', { ...pixDocument, currency: 'usd' }],
    ['no currency', { ...pixDocument, currency: '' }],
    ['a text creation time', { ...pixDocument, createdAt: '2026-11-25' }],
    ['a text finish time', { ...pixDocument, finishedAt: 'yesterday' }],
    ['an unknown payment method', { ...pixDocument, paymentMethod: 'cash' }],
    ['a pix without its code', { ...pixDocument, pix: { expiresAt: 1 } }],
    ['a pix without its expiry', { ...pixDocument, pix: { copyPaste: 'x' } }],
    ['a boleto without its line', { ...boletoDocument, boleto: { dueAt: 1 } }],
    ['a boleto without its due date', { ...boletoDocument, boleto: { line: 'x' } }],
  ])('rejects %s', (_name, document) => {
    expect(is(document, OrderDocumentStruct)).toBe(false);
  });

  it('accepts a zero amount (a free line) and leaves the optional fields out', () => {
    const { finishedAt: _f, paymentMethod: _m, pix: _p, boleto: _b, ...bare } = pixDocument;
    expect(
      is(
        { ...bare, lineItems: [{ productId: 'brinde', name: 'Brinde', unitAmount: 0, quantity: 1 }], amountTotal: 0 },
        OrderDocumentStruct,
      ),
    ).toBe(true);
  });
});

/** A stored delivery as the backend writes it (with a field the storefront does not read). */
const delivery = {
  ...anOrderDelivery().build(),
  address: { ...anAddress().withComplement('apto 12').build(), geo: 'ignored' },
  quotedOn: 'ignored',
};
const withDelivery = (changes: Record<string, unknown>) => ({ ...pixDocument, delivery: { ...delivery, ...changes } });
const withAddress = (changes: Record<string, unknown>) =>
  withDelivery({ address: { ...delivery.address, ...changes } });

describe('OrderDeliveryStruct (checkoutSessions/{id}.delivery)', () => {
  it('accepts a delivery with an address, without one, under review, null, or no field at all', () => {
    expect(validate({ ...pixDocument, delivery }, OrderDocumentStruct)[0]).toBeUndefined();
    expect(is(withDelivery({ address: null }), OrderDocumentStruct)).toBe(true);
    expect(is(withDelivery({ review: 'O endereço é de RJ; o frete foi cotado para SP.' }), OrderDocumentStruct)).toBe(
      true,
    );
    expect(is({ ...pixDocument, delivery: null }, OrderDocumentStruct)).toBe(true);
    expect(is(pixDocument, OrderDocumentStruct)).toBe(true);
  });

  it('accepts the edges: free, same-day bounds, an empty complement, the longest texts', () => {
    expect(is(delivery, OrderDeliveryStruct)).toBe(true);
    expect(is({ ...delivery, amount: 0, businessDays: { min: 0, max: 60 } }, OrderDeliveryStruct)).toBe(true);
    expect(is({ ...delivery, window: { from: '2028-02-29', to: '2028-12-31' } }, OrderDeliveryStruct)).toBe(true);
    expect(is({ ...delivery, serviceName: 'E'.repeat(40), review: 'r'.repeat(500) }, OrderDeliveryStruct)).toBe(true);
    expect(
      is(withAddress({ complement: '', recipient: 'a'.repeat(300), complement2: 1 }).delivery, OrderDeliveryStruct),
    ).toBe(true);
    expect(is(withAddress({ complement: 'c'.repeat(300) }).delivery, OrderDeliveryStruct)).toBe(true);
    expect(is({ ...delivery, service: 'economica' }, OrderDeliveryStruct)).toBe(true);
    expect(is({ ...delivery, service: 'expressa' }, OrderDeliveryStruct)).toBe(true);
  });

  it('names the rule a malformed UF breaks', () => {
    expect(validate({ ...delivery, uf: 'sp' }, OrderDeliveryStruct)[0]?.failures()[0]).toMatchObject({
      path: ['uf'],
      type: 'uf',
    });
  });

  it.each([
    ['a text', { ...pixDocument, delivery: 'expressa' }],
    ['a negative amount', withDelivery({ amount: -1 })],
    ['a fractional amount (reais, not centavos)', withDelivery({ amount: 34.9 })],
    ['a text amount', withDelivery({ amount: '3490' })],
    ['a CEP with its hyphen', withDelivery({ cep: '01310-100' })],
    ['a 7-digit CEP', withDelivery({ cep: '0131010' })],
    ['a 9-digit CEP', withDelivery({ cep: '013101000' })],
    ['a CEP after a letter', withDelivery({ cep: 'x01310100' })],
    ['a UF in a list', withDelivery({ uf: ['SP'] })],
    ['a lower-case UF', withDelivery({ uf: 'sp' })],
    ['a three-letter UF', withDelivery({ uf: 'SPX' })],
    ['an unknown service', withDelivery({ service: 'sedex' })],
    ['an empty service name', withDelivery({ serviceName: '' })],
    ['a 41-character service name', withDelivery({ serviceName: 'E'.repeat(41) })],
    ['negative business days', withDelivery({ businessDays: { min: -1, max: 2 } })],
    ['fractional business days', withDelivery({ businessDays: { min: 1, max: 2.5 } })],
    ['61 business days', withDelivery({ businessDays: { min: 1, max: 61 } })],
    ['a window in dd/mm/aaaa', withDelivery({ window: { from: '03/12/2026', to: '2026-12-07' } })],
    ['a window day without its zero', withDelivery({ window: { from: '2026-12-03', to: '2026-12-7' } })],
    ['a window as epoch ms', withDelivery({ window: { from: 1, to: 2 } })],
    ['a window on 30 February', withDelivery({ window: { from: '2026-02-30', to: '2026-03-02' } })],
    ['a window in month 13', withDelivery({ window: { from: '2026-12-03', to: '2026-13-01' } })],
    ['no window', withDelivery({ window: undefined })],
    ['an empty recipient', withAddress({ recipient: '' })],
    ['a 301-character street', withAddress({ street: 's'.repeat(301) })],
    ['a 301-character complement', withAddress({ complement: 'c'.repeat(301) })],
    ['an address without its city', withAddress({ city: undefined })],
    ['an address without its number', withAddress({ number: undefined })],
    ['an address with a lower-case UF', withAddress({ uf: 'rj' })],
    ['an address CEP with letters', withAddress({ cep: 'abcdefgh' })],
    ['a review that is not text', withDelivery({ review: 5 })],
    ['a 501-character review', withDelivery({ review: 'r'.repeat(501) })],
    ['a missing review (null when none)', withDelivery({ review: undefined })],
  ])('makes the document malformed with %s', (_name, document) => {
    expect(is(document, OrderDocumentStruct)).toBe(false);
  });
});

describe('toOrder', () => {
  it('copies what the storefront shows, and nothing else', () => {
    expect(toOrder(pixDocument as OrderDocument)).toEqual({
      id: 'cs_pix_1',
      status: 'pending',
      uid: 'ana',
      items: [
        { productId: 'jaqueta', name: 'Jaqueta Jeans', unitAmount: 8990, quantity: 2 },
        { productId: 'bone', name: 'Boné', unitAmount: 10, quantity: 1 },
      ],
      amountTotal: 17990,
      createdAt: 1_764_000_000_000,
      paymentMethod: 'pix',
      pix: { copyPaste: '00020126pix', expiresAt: 1_764_003_600_000 },
      boleto: null,
      delivery: null,
      fulfilment: null,
    });
    expect(toOrder(boletoDocument as OrderDocument)).toEqual({
      id: 'cs_boleto_1',
      status: 'paid',
      uid: 'ana',
      items: [{ productId: 'bota', name: 'Bota', unitAmount: 25000, quantity: 1 }],
      amountTotal: 25000,
      createdAt: 1_764_100_000_000,
      paymentMethod: 'boleto',
      pix: null,
      boleto: { line: '23790.00000 1', dueAt: 1_764_200_000_000 },
      delivery: null,
      fulfilment: null,
    });
  });

  it('copies the delivery field by field (extra backend fields left out), and null when absent', () => {
    expect(toOrder({ ...pixDocument, delivery } as OrderDocument).delivery).toEqual({
      cep: '01310100',
      uf: 'SP',
      service: 'expressa',
      serviceName: 'Expressa',
      amount: 3490,
      businessDays: { min: 1, max: 2 },
      window: { from: '2026-12-03', to: '2026-12-07' },
      address: {
        recipient: 'Ana Souza',
        cep: '01310100',
        street: 'Rua Augusta',
        number: '100',
        complement: 'apto 12',
        neighborhood: 'Consolação',
        city: 'São Paulo',
        uf: 'SP',
      },
      review: null,
    });
    const pending = toOrder({
      ...pixDocument,
      delivery: { ...delivery, address: null, review: 'Frete cotado para SP.' },
    } as OrderDocument);
    expect(pending.delivery?.address).toBeNull();
    expect(pending.delivery?.review).toBe('Frete cotado para SP.');
    expect(toOrder({ ...pixDocument, delivery: null } as OrderDocument).delivery).toBeNull();
  });

  it('a session without a payment method yet has none (null, not undefined)', () => {
    const { paymentMethod: _m, pix: _p, ...open } = pixDocument;
    const result = toOrder({ ...open, status: 'open' } as OrderDocument);
    expect(result.paymentMethod).toBeNull();
    expect(result.pix).toBeNull();
    expect(result.boleto).toBeNull();
  });
});

describe('isOrder, newestFirst, dates and amounts', () => {
  it('an open session is not an order; every other status is', () => {
    expect(isOrder({ status: 'open' })).toBe(false);
    for (const status of ['pending', 'paid', 'expired', 'canceled', 'declined'] as const)
      expect(isOrder({ status })).toBe(true);
  });

  it('sorts newest first, equal times by id', () => {
    const older = order('b', 1000);
    const newer = order('a', 2000);
    expect(newestFirst(older, newer)).toBe(1000);
    expect(newestFirst(newer, older)).toBe(-1000);
    expect(newestFirst(order('a', 5), order('b', 5))).toBe(-1);
    expect(newestFirst(order('b', 5), order('a', 5))).toBe(1);
    expect(newestFirst(order('a', 5), order('a', 5))).toBe(0);
    expect([order('x', 1), order('c', 3), order('a', 3), order('m', 2)].sort(newestFirst).map((o) => o.id)).toEqual([
      'a',
      'c',
      'm',
      'x',
    ]);
  });

  it('dates and times are Brasília’s, whatever the machine’s time zone', () => {
    // 2026-11-25 01:30 UTC is still the 24th, 22:30, in São Paulo (UTC−3).
    const lateEvening = Date.UTC(2026, 10, 25, 1, 30);
    expect(formatOrderDate(lateEvening)).toBe('24/11/2026');
    expect(formatOrderTime(lateEvening)).toBe('22:30');
    expect(formatOrderDate(Date.UTC(2026, 0, 5, 15, 7))).toBe('05/01/2026');
    expect(formatOrderTime(Date.UTC(2026, 0, 5, 15, 7))).toBe('12:07');
  });

  it('centavos to reais', () => {
    expect(fromCentavos(17990)).toBe(179.9);
    expect(fromCentavos(5)).toBe(0.05);
  });
});
