import { describe, expect, it } from 'vitest';
import {
  daysSinceDelivery,
  FULFILMENT_STATUS_LABELS,
  isCorreiosTrackingCode,
  isFulfilmentStatus,
  isReturnReason,
  paidFulfilment,
  RETURN_REASONS,
  withinReturnWindow,
} from '../../src/domain/fulfilment';

describe('fulfilment: the words of an order after its payment', () => {
  it('labels every step as the shopper reads it', () => {
    expect(FULFILMENT_STATUS_LABELS).toEqual({
      pago: 'Pago',
      em_separacao: 'Em separação',
      enviado: 'Enviado',
      entregue: 'Entregue',
      cancelado: 'Cancelado',
      devolucao_solicitada: 'Devolução solicitada',
      reembolsado: 'Reembolsado',
    });
  });

  it.each([
    ['pago', true],
    ['reembolsado', true],
    ['devolucao_solicitada', true],
    ['paid', false],
    ['Pago', false],
    ['', false],
    [null, false],
    [3, false],
  ])('isFulfilmentStatus(%j) is %s', (value, expected) => {
    expect(isFulfilmentStatus(value)).toBe(expected);
  });

  it.each([
    ['AA123456789BR', true],
    ['QB000000000BR', true],
    ['aa123456789BR', false],
    ['AA123456789br', false],
    ['AA12345678BR', false],
    ['AA1234567890BR', false],
    ['A1123456789BR', false],
    ['AA123456789US', false],
    [' AA123456789BR', false],
    ['AA123456789BR ', false],
    ['', false],
  ])('isCorreiosTrackingCode(%j) is %s', (code, expected) => {
    expect(isCorreiosTrackingCode(code)).toBe(expected);
  });

  it('has the reasons a shopper picks from, and knows no other', () => {
    expect(Object.values(RETURN_REASONS)).toEqual([
      'Desisti da compra',
      'O tamanho não serviu',
      'O produto veio com defeito',
      'O produto é diferente do anunciado',
      'Chegou tarde demais',
    ]);
    expect(isReturnReason('defeito')).toBe(true);
    expect(isReturnReason('arrependimento')).toBe(true);
    expect(isReturnReason('toString')).toBe(false);
    expect(isReturnReason('Defeito')).toBe(false);
    expect(isReturnReason(undefined)).toBe(false);
    // Values that a property lookup would turn into a reason's name are not reasons.
    expect(isReturnReason(['defeito'])).toBe(false);
    expect(isReturnReason({ toString: () => 'tamanho' })).toBe(false);
  });

  it('starts a paid order at Pago, with the payment as its first step', () => {
    expect(paidFulfilment(1_800_000_000_000)).toEqual({
      status: 'pago',
      history: [{ status: 'pago', at: 1_800_000_000_000 }],
      trackingCode: null,
      deliveredAt: null,
      returnReason: null,
    });
  });
});

describe('the return window: Brasília calendar days from the delivery', () => {
  // 2026-11-10 at 23:30 in Brasília (UTC−3), already 2026-11-11 in UTC.
  const lateDelivery = Date.UTC(2026, 10, 11, 2, 30);
  // 2026-11-10 at 00:10 in Brasília.
  const earlyDelivery = Date.UTC(2026, 10, 10, 3, 10);

  it.each([
    ['the same evening', Date.UTC(2026, 10, 11, 2, 59), 0],
    ['the next midnight in Brasília', Date.UTC(2026, 10, 11, 3, 0), 1],
    ['the 7th day at 23:59', Date.UTC(2026, 10, 18, 2, 59), 7],
    ['the 8th day at 00:00', Date.UTC(2026, 10, 18, 3, 0), 8],
    ['a month later (November has 30 days)', Date.UTC(2026, 11, 11, 12, 0), 31],
    ['before the delivery', Date.UTC(2026, 10, 9, 12, 0), -1],
  ])('a late delivery, asked %s', (_when, now, days) => {
    expect(daysSinceDelivery(lateDelivery, now)).toBe(days);
  });

  it('counts days, not hours: delivered at 00:10, asked 7 days later at 23:59 is still day 7', () => {
    expect(daysSinceDelivery(earlyDelivery, Date.UTC(2026, 10, 18, 2, 59))).toBe(7);
    expect(withinReturnWindow(earlyDelivery, Date.UTC(2026, 10, 18, 2, 59))).toBe(true);
  });

  it('is open from day 0 to day 7, closed before the delivery and from day 8', () => {
    expect(withinReturnWindow(lateDelivery, Date.UTC(2026, 10, 11, 2, 59))).toBe(true);
    expect(withinReturnWindow(lateDelivery, Date.UTC(2026, 10, 18, 2, 59))).toBe(true);
    expect(withinReturnWindow(lateDelivery, Date.UTC(2026, 10, 18, 3, 0))).toBe(false);
    expect(withinReturnWindow(lateDelivery, Date.UTC(2026, 10, 9, 12, 0))).toBe(false);
  });
});
