import {
  array,
  define,
  enums,
  integer,
  literal,
  max,
  min,
  nonempty,
  nullable,
  number,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
  type Infer,
} from 'superstruct';
import type { OrderDelivery, Uf } from './delivery';
import type { Fulfilment, FulfilmentStatus, ReturnReason } from './fulfilment';

/** What a checkout session can become (the backend's `checkoutSessions/{id}.status`). */
export const OrderStatusStruct = enums(['open', 'pending', 'paid', 'expired', 'canceled', 'declined']);
export type OrderStatus = Infer<typeof OrderStatusStruct>;

export const PaymentMethodStruct = enums(['card', 'pix', 'boleto']);
export type PaymentMethod = Infer<typeof PaymentMethodStruct>;

const Centavos = min(integer(), 0);

// Type-only imports from ./delivery: its holiday calendar belongs to the pages that quote or show delivery, not to
// every page that reads an order. So a UF here is two capital letters, not a lookup in delivery's list; the
// storefront only prints it.
const UfStruct = define<Uf>('uf', (value) => typeof value === 'string' && /^[A-Z]{2}$/.test(value));
/** 'YYYY-MM-DD' of a day that exists (no 2026-02-30): the pages print its weekday and month name. */
const CalendarDay = refine(pattern(string(), /^\d{4}-\d{2}-\d{2}$/), 'calendar day', (day) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
});
const Cep = pattern(string(), /^\d{8}$/);
/** Longer than validateAddress allows (200), so a field the backend trimmed differently still shows. */
const AddressText = size(string(), 0, 300);
const BusinessDays = max(min(integer(), 0), 60);

/** `checkoutSessions/{id}.delivery`: src/domain/delivery.ts's OrderDelivery as the backend stores it. */
export const OrderDeliveryStruct = type({
  cep: Cep,
  uf: UfStruct,
  service: enums(['economica', 'expressa']),
  serviceName: size(string(), 1, 40),
  /** centavos */
  amount: Centavos,
  businessDays: type({ min: BusinessDays, max: BusinessDays }),
  window: type({ from: CalendarDay, to: CalendarDay }),
  address: nullable(
    type({
      recipient: size(string(), 1, 300),
      cep: Cep,
      street: size(string(), 1, 300),
      number: size(string(), 1, 300),
      complement: AddressText,
      neighborhood: AddressText,
      city: size(string(), 1, 300),
      uf: UfStruct,
    }),
  ),
  review: nullable(size(string(), 0, 500)),
});

// Type-only imports from ./fulfilment too: it imports delivery's calendar (brasiliaDay), and this module is in the
// orders adapter's chunk, which every page loads with Firestore. The names are written out here instead, checked
// against fulfilment's types by `satisfies` (a missing or extra one fails the typecheck; test/domain compares them).
const FULFILMENT_STATUS_NAMES = {
  pago: true,
  em_separacao: true,
  enviado: true,
  entregue: true,
  cancelado: true,
  devolucao_solicitada: true,
  reembolsado: true,
} as const satisfies Record<FulfilmentStatus, true>;
const RETURN_REASON_NAMES = {
  arrependimento: true,
  tamanho: true,
  defeito: true,
  diferente: true,
  atraso: true,
} as const satisfies Record<ReturnReason, true>;
const FulfilmentStatusStruct = enums(Object.keys(FULFILMENT_STATUS_NAMES) as FulfilmentStatus[]);

/** `checkoutSessions/{id}.fulfilment`: src/domain/fulfilment.ts's Fulfilment as the backend stores it. */
export const OrderFulfilmentStruct = type({
  status: FulfilmentStatusStruct,
  /** Oldest first; `at` in epoch ms. */
  history: array(type({ status: FulfilmentStatusStruct, at: integer() })),
  trackingCode: nullable(string()),
  /** epoch ms */
  deliveredAt: nullable(number()),
  returnReason: nullable(enums(Object.keys(RETURN_REASON_NAMES) as ReturnReason[])),
});

/**
 * A `checkoutSessions/{id}` document as the storefront reads it. `type()`, not `object()`: the backend also
 * writes fields the storefront does not show (urls, idempotency key…), and those must not make it malformed.
 */
export const OrderDocumentStruct = type({
  id: nonempty(string()),
  status: OrderStatusStruct,
  uid: nonempty(string()),
  lineItems: array(
    type({
      productId: string(),
      name: string(),
      /** centavos */
      unitAmount: Centavos,
      quantity: min(integer(), 1),
    }),
  ),
  /** centavos */
  amountTotal: Centavos,
  currency: literal('brl'),
  /** epoch ms */
  createdAt: number(),
  finishedAt: optional(nullable(number())),
  paymentMethod: optional(nullable(PaymentMethodStruct)),
  pix: optional(nullable(type({ copyPaste: string(), expiresAt: number() }))),
  boleto: optional(nullable(type({ line: string(), dueAt: number() }))),
  /**
   * Absent on sessions written before delivery existed. Malformed, it makes the whole document malformed here;
   * the orders adapters then drop just the delivery (logged) and still show the order (readOrder).
   */
  delivery: optional(nullable(OrderDeliveryStruct)),
  /**
   * The order's life after the payment (docs/requirements.md#order-lifecycle), on paid checkouts only; absent on
   * older ones. Malformed, it is dropped like a malformed delivery (readOrder).
   */
  fulfilment: optional(nullable(OrderFulfilmentStruct)),
});
export type OrderDocument = Infer<typeof OrderDocumentStruct>;

/** An order as the storefront shows it (amounts in centavos, times in epoch ms). */
export interface Order {
  id: string;
  status: OrderStatus;
  uid: string;
  items: { productId: string; name: string; unitAmount: number; quantity: number }[];
  amountTotal: number;
  createdAt: number;
  paymentMethod: PaymentMethod | null;
  pix: { copyPaste: string; expiresAt: number } | null;
  boleto: { line: string; dueAt: number } | null;
  /** null for sessions from before delivery, or whose stored delivery was malformed. */
  delivery: OrderDelivery | null;
  /** null for checkouts the backend has not followed after the payment, or whose stored fulfilment was malformed. */
  fulfilment: Fulfilment | null;
}

/** Only what the storefront needs, copied out of a validated document. */
export function toOrder(document: OrderDocument): Order {
  return {
    id: document.id,
    status: document.status,
    uid: document.uid,
    items: document.lineItems.map(({ productId, name, unitAmount, quantity }) => ({
      productId,
      name,
      unitAmount,
      quantity,
    })),
    amountTotal: document.amountTotal,
    createdAt: document.createdAt,
    paymentMethod: document.paymentMethod ?? null,
    pix: document.pix ? { copyPaste: document.pix.copyPaste, expiresAt: document.pix.expiresAt } : null,
    boleto: document.boleto ? { line: document.boleto.line, dueAt: document.boleto.dueAt } : null,
    delivery: document.delivery ? copyDelivery(document.delivery) : null,
    fulfilment: document.fulfilment ? copyFulfilment(document.fulfilment) : null,
  };
}

/** Only the fields of a validated fulfilment (the backend may store more), with a history of its own. */
export function copyFulfilment(fulfilment: NonNullable<OrderDocument['fulfilment']>): Fulfilment {
  return {
    status: fulfilment.status,
    history: fulfilment.history.map(({ status, at }) => ({ status, at })),
    trackingCode: fulfilment.trackingCode,
    deliveredAt: fulfilment.deliveredAt,
    returnReason: fulfilment.returnReason,
  };
}

function copyDelivery(delivery: NonNullable<OrderDocument['delivery']>): OrderDelivery {
  const { address } = delivery;
  return {
    cep: delivery.cep,
    uf: delivery.uf,
    service: delivery.service,
    serviceName: delivery.serviceName,
    amount: delivery.amount,
    businessDays: { min: delivery.businessDays.min, max: delivery.businessDays.max },
    window: { from: delivery.window.from, to: delivery.window.to },
    address: address
      ? {
          recipient: address.recipient,
          cep: address.cep,
          street: address.street,
          number: address.number,
          complement: address.complement,
          neighborhood: address.neighborhood,
          city: address.city,
          uf: address.uf,
        }
      : null,
    review: delivery.review,
  };
}

/** An open (card) session is an abandoned attempt, not an order. */
export function isOrder(order: Pick<Order, 'status'>): boolean {
  return order.status !== 'open';
}

/** Newest first; equal times by id, so the order is stable. */
export function newestFirst(a: Order, b: Order): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The shopper's words for each status ("open" is never shown: it is not an order). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  open: 'Em aberto',
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  expired: 'Expirado',
  canceled: 'Cancelado',
  declined: 'Recusado',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Cartão',
  pix: 'Pix',
  boleto: 'Boleto',
};

// Built on first use, not when the bundle loads: ICU's locale and time-zone data cost milliseconds on every page,
// and only Meus pedidos shows a date.
let brazilDate: Intl.DateTimeFormat | undefined;
let brazilTime: Intl.DateTimeFormat | undefined;

/** dd/mm/aaaa in Brasília time, whatever the device's time zone. */
export function formatOrderDate(epochMs: number): string {
  brazilDate ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return brazilDate.format(epochMs);
}

/** hh:mm in Brasília time. */
export function formatOrderTime(epochMs: number): string {
  brazilTime ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    hour: '2-digit',
    minute: '2-digit',
  });
  return brazilTime.format(epochMs);
}

/** "12/11/2026 às 14:05": a moment in Brasília time, for an order's steps. */
export function formatOrderDateTime(epochMs: number): string {
  return `${formatOrderDate(epochMs)} às ${formatOrderTime(epochMs)}`;
}

/** Centavos → reais, for formatBRL. */
export function fromCentavos(centavos: number): number {
  return centavos / 100;
}
