// What happens to an order after its payment: its steps, the Correios tracking code, the 7-day withdrawal right
// (docs/requirements.md#order-lifecycle) and the shopper's words for each. The transitions themselves are the
// order lifecycle machine's (src/machines/orderLifecycleMachine.ts); this module holds what both sides read.
import { brasiliaDay } from './delivery';

/** The steps of a paid order, in the words the backend stores. */
export const FULFILMENT_STATUSES = [
  'pago',
  'em_separacao',
  'enviado',
  'entregue',
  'cancelado',
  'devolucao_solicitada',
  'reembolsado',
] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export const FULFILMENT_STATUS_LABELS: Record<FulfilmentStatus, string> = {
  pago: 'Pago',
  em_separacao: 'Em separação',
  enviado: 'Enviado',
  entregue: 'Entregue',
  cancelado: 'Cancelado',
  devolucao_solicitada: 'Devolução solicitada',
  reembolsado: 'Reembolsado',
};

export function isFulfilmentStatus(value: unknown): value is FulfilmentStatus {
  return typeof value === 'string' && (FULFILMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * A Correios object code as printed on the label: two service letters, nine digits and BR ("AA123456789BR").
 * Upper case only: the label prints it so, and the shopper copies it into the Correios site as it is stored.
 */
export function isCorreiosTrackingCode(code: string): boolean {
  return /^[A-Z]{2}\d{9}BR$/.test(code);
}

/** CDC art. 49: seven days to withdraw from a purchase made away from the shop, from the day it arrived. */
export const RETURN_WINDOW_DAYS = 7;

/**
 * Whole Brasília calendar days from the delivery's day to `now`'s: 0 on the day it arrived. The window closes
 * at the end of the seventh day after it, whatever the hour of the delivery.
 */
export function daysSinceDelivery(deliveredAt: number, now: number): number {
  const from = Date.parse(`${brasiliaDay(deliveredAt)}T00:00:00Z`);
  const to = Date.parse(`${brasiliaDay(now)}T00:00:00Z`);
  return Math.round((to - from) / 86_400_000);
}

export function withinReturnWindow(deliveredAt: number, now: number): boolean {
  const days = daysSinceDelivery(deliveredAt, now);
  return days >= 0 && days <= RETURN_WINDOW_DAYS;
}

/** The reasons a shopper picks from when asking to return an order. */
export const RETURN_REASONS = {
  arrependimento: 'Desisti da compra',
  tamanho: 'O tamanho não serviu',
  defeito: 'O produto veio com defeito',
  diferente: 'O produto é diferente do anunciado',
  atraso: 'Chegou tarde demais',
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;

export function isReturnReason(value: unknown): value is ReturnReason {
  return typeof value === 'string' && Object.hasOwn(RETURN_REASONS, value);
}

/** One step of an order's history: the status it reached and when (epoch ms). */
export interface FulfilmentStep {
  status: FulfilmentStatus;
  at: number;
}

/** What an order carries about its life after the payment. */
export interface Fulfilment {
  status: FulfilmentStatus;
  /** Oldest first; the first step is the payment. */
  history: FulfilmentStep[];
  trackingCode: string | null;
  deliveredAt: number | null;
  returnReason: ReturnReason | null;
}

/** A paid order's starting point. */
export function paidFulfilment(paidAt: number): Fulfilment {
  return {
    status: 'pago',
    history: [{ status: 'pago', at: paidAt }],
    trackingCode: null,
    deliveredAt: null,
    returnReason: null,
  };
}

/** The pt-BR refusals of a step the order cannot take. */
export const FULFILMENT_MESSAGES = {
  invalidTransition: (from: FulfilmentStatus, step: string) =>
    `Não é possível ${step} um pedido com a situação "${FULFILMENT_STATUS_LABELS[from]}".`,
  invalidTrackingCode: (code: string) =>
    `Código de rastreio inválido: "${code}". Use o formato dos Correios, como AA123456789BR.`,
  returnWindowClosed: (days: number) =>
    `O prazo de devolução terminou: o pedido foi entregue há ${days} dias e a devolução vale por até ${RETURN_WINDOW_DAYS} dias após a entrega (CDC, art. 49).`,
  invalidReason: 'Escolha um motivo para a devolução.',
} as const;
