// `npm run orders -- list | separar <id> | cancelar <id> | enviar <id> --rastreio <código> | entregar <id> |
// reembolsar <id>`: the shop owner's view of the paid orders and the steps of their life after the payment
// (docs/requirements.md#order-lifecycle), stored by the checkout store (`orders/{id}`, mirrored to
// `checkoutSessions/{id}`, which Meus pedidos reads). Target: as `npm run seed`'s, FIRESTORE_EMULATOR_HOST, else a
// real project with GOOGLE_APPLICATION_CREDENTIALS + GCLOUD_PROJECT, else the local emulator on 127.0.0.1:8080.
// `reembolsar` gives the money back through the payment provider the backend's settings name (PAYMENT_PROVIDER,
// STRIPE_SECRET_KEY: server/serverConfig.ts; simulated by default, as `npm start`), then records the step with it.
import { formatBRL, MalformedDocumentError } from '../src/domain';
import { brasiliaDay } from '../src/domain/delivery';
import { FULFILMENT_STATUS_LABELS } from '../src/domain/fulfilment';
import { applyOrderStep, type OrderLifecycleEvent } from '../src/machines/orderLifecycleMachine';
import {
  PaymentProviderError,
  WrongProviderError,
  type PaymentProvider,
  type RefundRecord,
} from '../server/payments/paymentsPort';
import { paymentProviderFor } from '../server/payments/providerFromConfig';
import { MissingPaymentIntentError } from '../server/payments/stripe';
import { loadConfig } from '../server/serverConfig';
import { createFirestoreStore } from '../server/store/firestoreSessionStore';
import { amountDue, type CheckoutStore, type Order } from '../server/store/sessionStorePort';
import { runScript } from './lib/cli';
import { describeTarget, openFirestore, targetFromEnv } from './lib/firestoreAdmin';

/** How many orders `list` shows: the most recently paid. */
export const LISTED_ORDERS = 100;

const USAGE = `uso: npm run orders -- <comando>
  list                              os ${LISTED_ORDERS} pedidos pagos mais recentes, o mais novo primeiro
  separar <id>                      Pago → Em separação
  cancelar <id>                     Pago ou Em separação → Cancelado
  enviar <id> --rastreio <código>   Em separação → Enviado, com o código dos Correios (como AA123456789BR)
  entregar <id>                     Enviado → Entregue
  reembolsar <id>                   Cancelado ou Devolução solicitada → Reembolsado: devolve os produtos e o frete
                                    pelo meio de pagamento (PAYMENT_PROVIDER: simulated, o padrão, ou stripe
                                    com STRIPE_SECRET_KEY) e registra o reembolso no pedido`;

/** The steps the shop owner takes from here; the return is the shopper's to ask for. */
const OWNER_STEPS = ['separar', 'cancelar', 'enviar', 'entregar', 'reembolsar'] as const;
type OwnerStep = (typeof OWNER_STEPS)[number];
const isOwnerStep = (word: string): word is OwnerStep => (OWNER_STEPS as readonly string[]).includes(word);

export type OrdersCommand =
  | { kind: 'list' }
  | { kind: 'step'; step: Exclude<OwnerStep, 'enviar'>; id: string }
  | { kind: 'step'; step: 'enviar'; id: string; trackingCode: string };

/** The command line, or why it is refused (in pt-BR, shown above the usage). */
export function parseOrdersArguments(argv: readonly string[]): OrdersCommand | string {
  const [command, ...rest] = argv;
  if (command === undefined) return 'falta o comando';
  if (command === 'list') return rest.length === 0 ? { kind: 'list' } : `argumento desconhecido: "${rest[0]}"`;
  if (!isOwnerStep(command)) return `comando desconhecido: "${command}"`;
  const [id, ...options] = rest;
  if (id === undefined || id.startsWith('-')) return `${command} pede o id do pedido`;
  // A slash would make the id a path to another collection's document.
  if (id.includes('/')) return `id de pedido inválido: "${id}"`;
  if (command !== 'enviar')
    return options.length === 0 ? { kind: 'step', step: command, id } : `argumento desconhecido: "${options[0]}"`;
  let trackingCode: string | undefined;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if (option === '--rastreio') trackingCode = options[++i];
    else if (option.startsWith('--rastreio=')) trackingCode = option.slice('--rastreio='.length);
    else return `argumento desconhecido: "${option}"`;
  }
  if (!trackingCode) return 'enviar pede o código de rastreio: --rastreio <código>';
  return { kind: 'step', step: 'enviar', id, trackingCode };
}

function lifecycleEvent(command: Extract<OrdersCommand, { kind: 'step' }>, at: number): OrderLifecycleEvent {
  return command.step === 'enviar'
    ? { type: 'enviar', at, trackingCode: command.trackingCode }
    : { type: command.step, at };
}

/** dd/mm/aaaa of the payment, in Brasília, whatever this machine's time zone. */
function paidDay(paidAt: number): string {
  const [year, month, day] = brasiliaDay(paidAt).split('-');
  return `${day}/${month}/${year}`;
}

/** One order in `list`: id, day paid, e-mail, what was charged (frete included), status and tracking code. */
export function orderLine(order: Order): string {
  const { status, trackingCode } = order.fulfilment;
  return [
    order.id,
    paidDay(order.paidAt),
    order.email ?? 'sem e-mail',
    formatBRL(amountDue(order) / 100),
    FULFILMENT_STATUS_LABELS[status],
    ...(trackingCode ? [`rastreio ${trackingCode}`] : []),
  ].join('  ');
}

/** What a step taken prints: the order's new status. */
function stepLine(order: Order): string {
  const { status, trackingCode } = order.fulfilment;
  const tracking = status === 'enviado' && trackingCode ? `, rastreio ${trackingCode}` : '';
  return `Pedido ${order.id}: ${FULFILMENT_STATUS_LABELS[status]}${tracking}.`;
}

/** What a refund made and recorded prints: how much went back, through which provider, and its id there. */
export function refundLine(refund: RefundRecord): string {
  return `Reembolso de ${formatBRL(refund.amount / 100)} feito (${refund.provider}, ${refund.id}).`;
}

/** Why the provider gave nothing back, in pt-BR; nothing was recorded. */
function refundFailure(id: string, error: PaymentProviderError): string {
  const nothing = 'Nada foi registrado.';
  if (error instanceof MissingPaymentIntentError)
    return `Não foi possível reembolsar o pedido ${id}: ele não guarda o pagamento da Stripe (foi pago antes de o guardarmos). Faça o reembolso no painel da Stripe. ${nothing}`;
  if (error instanceof WrongProviderError)
    return `Não foi possível reembolsar o pedido ${id}: ele foi pago com ${error.orderProvider} e os pagamentos configurados são ${error.provider} (PAYMENT_PROVIDER). ${nothing}`;
  return `Não foi possível reembolsar o pedido ${id} pelo meio de pagamento: ${error.detail.replace(/\.$/, '')}. ${nothing}`;
}

/**
 * reembolsar: the lifecycle's word first (on the stored fulfilment, nothing written), so a refunded or undelivered
 * order never reaches the provider; then the provider's refund; then the step with the refund, written together.
 * The provider's refund is keyed by the order: if recording fails after it, running the command again records the
 * same refund instead of making another.
 */
async function refundOrder(
  store: CheckoutStore,
  id: string,
  payments: PaymentProvider,
  out: OrdersOutput,
  now: () => number,
): Promise<number> {
  const order = await store.getOrder(id);
  if (!order) {
    out.error(`Pedido não encontrado: ${id}.`);
    return 1;
  }
  const allowed = applyOrderStep(order.fulfilment, { type: 'reembolsar', at: now() });
  if (!allowed.ok) {
    out.error(allowed.message);
    return 1;
  }
  let refund: RefundRecord;
  try {
    refund = await payments.refund(order);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    out.error(refundFailure(id, error));
    return 1;
  }
  let result;
  try {
    result = await store.recordRefund(id, refund);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    out.error(
      `O reembolso ${refund.id} de ${formatBRL(refund.amount / 100)} foi feito, mas não foi registrado no pedido ${id}: ${detail}. Rode o comando de novo: o mesmo reembolso é registrado, sem outro estorno.`,
    );
    return 1;
  }
  if (result.kind !== 'applied') {
    // Another reembolsar of this order was recorded between our check and our write: it carries the refund.
    out.error(result.kind === 'missing' ? `Pedido não encontrado: ${id}.` : result.message);
    return 1;
  }
  out.log(refundLine(refund));
  return 0;
}

/** Where `npm run orders` writes its lines: the console, or a test's collector. */
export interface OrdersOutput {
  log(line: string): void;
  error(line: string): void;
}

/**
 * The provider `reembolsar` refunds through: the backend's settings in `env` (server/serverConfig.ts), as
 * server/main.ts picks it. Settings it cannot read throw, with their own message.
 */
export function paymentsFromEnv(env: NodeJS.ProcessEnv, now: () => number): PaymentProvider {
  return paymentProviderFor(loadConfig(env), { now });
}

/**
 * `npm run orders -- <argv>` on the Firestore that `env` names; returns the exit code: 0 done, 1 a missing order,
 * a refused step, a refund the provider did not make or an unreachable database, 2 a bad command line. The script
 * runs it with the process's arguments, environment, console and clock; tests run it in-process with their own
 * (and may hand `reembolsar` its provider).
 */
export async function runOrdersCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: OrdersOutput = console,
  now: () => number = Date.now,
  payments: (env: NodeJS.ProcessEnv, now: () => number) => PaymentProvider = paymentsFromEnv,
): Promise<number> {
  const command = parseOrdersArguments(argv);
  if (typeof command === 'string') {
    out.error(`orders: ${command}\n${USAGE}`);
    return 2;
  }
  const target = targetFromEnv(env);
  const { db, close } = openFirestore(target);
  try {
    const store = createFirestoreStore({ firestore: db });
    if (command.kind === 'list') {
      const orders = await store.listOrders(LISTED_ORDERS);
      if (orders.length === 0) out.log('Nenhum pedido pago.');
      for (const order of orders) out.log(orderLine(order));
      return 0;
    }
    if (command.step === 'reembolsar') {
      let provider: PaymentProvider;
      try {
        provider = payments(env, now);
      } catch (error) {
        out.error(
          `orders: configuração de pagamento inválida: ${error instanceof Error ? error.message : String(error)}`,
        );
        return 1;
      }
      return await refundOrder(store, command.id, provider, out, now);
    }
    const result = await store.stepOrder(command.id, lifecycleEvent(command, now()));
    if (result.kind === 'missing') {
      out.error(`Pedido não encontrado: ${command.id}.`);
      return 1;
    }
    if (result.kind === 'refused') {
      out.error(result.message);
      return 1;
    }
    out.log(stepLine(result.order));
    return 0;
  } catch (error) {
    // A document the store cannot read: name it, the database itself is fine.
    if (error instanceof MalformedDocumentError) {
      out.error(`orders: ${error.message}`);
      return 1;
    }
    const detail = error instanceof Error ? error.message : String(error);
    out.error(`orders: não foi possível usar ${describeTarget(target)}: ${detail}`);
    if (target.kind === 'emulator') out.error('orders: o emulador está rodando? `npm start` o inicia.');
    return 1;
  } finally {
    await close();
  }
}

await runScript(import.meta.url, 'orders', async () => {
  process.exitCode = await runOrdersCommand(process.argv.slice(2));
});
