import type { FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { formatCep, parseCep, type DeliveryQuote } from '../../src/domain/delivery';
import type { PriceBook } from '../adapters/cachedCatalog';
import { quoteForLines } from '../deliveryQuote';
import {
  renderBoletoPending,
  renderDeliveryPage,
  renderPayPage,
  renderPixPending,
  type DeliveryFormState,
} from '../payments/payPageMarkup';
import {
  amountDue,
  type CheckoutStore,
  type PaymentMethod,
  type PendingDetails,
  type SessionOutcome,
  type StoredSession,
} from '../store/sessionStorePort';
import { finishedPage, type MessagePages } from './payPageMessages';

/** What every pay-page route shares: the store, the catalog's categories, the clock, the pages and the Pix CSP. */
export interface PayPageContext {
  store: CheckoutStore;
  priceBook: PriceBook;
  now: () => number;
  /** `<storefront>/payment-confirmation`: a declined card lands here with `success=false`. */
  confirmationUrl: string;
  pixExpiresAfterSeconds: number;
  boletoExpiresAfterDays: number;
  pages: MessagePages;
  /** The pending Pix page's CSP: the app's, plus the hash of its one static script. */
  scriptCsp: string;
}

const SIMULATED_ID = /^cs_sim_[A-Za-z0-9_-]{8,64}$/;

export const pagePath = (session: StoredSession) => `/pay/${encodeURIComponent(session.id)}`;

export const isOpen = (context: PayPageContext, session: StoredSession) =>
  session.status === 'open' && context.now() < session.expiresAt;

/** Where a settled session sends the shopper: the success or cancel URL, or the confirmation page for a decline. */
export function destination(context: PayPageContext, session: StoredSession, outcome: SessionOutcome): string {
  if (outcome === 'paid') return session.successUrl;
  if (outcome === 'canceled') return session.cancelUrl;
  return `${context.confirmationUrl}?success=false`;
}

/** The simulated provider's checkout session of that id, or null (another provider's, unknown, malformed). */
async function findSimulated(context: PayPageContext, id: string): Promise<StoredSession | null> {
  if (!SIMULATED_ID.test(id)) return null;
  const session = await context.store.getSession(id);
  return session?.provider === 'simulated' ? session : null;
}

/** A pending Pix or boleto past its deadline settles as expired (once; a concurrent payment may win instead). */
export async function expireIfLate(context: PayPageContext, session: StoredSession): Promise<StoredSession> {
  if (session.status !== 'pending') return session;
  const deadline = session.pix?.expiresAt ?? session.boleto?.dueAt ?? session.expiresAt;
  if (context.now() < deadline) return session;
  const result = await context.store.settle(session.id, 'expired', context.now());
  return result.kind === 'missing' ? session : result.session;
}

/** The server's quote for a CEP and the session's lines, or null when the CEP is not a valid one. */
export async function quoteFor(
  context: PayPageContext,
  session: StoredSession,
  cep: string | undefined,
): Promise<DeliveryQuote | null> {
  if (!cep || !parseCep(cep).ok) return null;
  const result = quoteForLines(cep, session.lineItems, await context.priceBook.categories(), context.now());
  return result.ok ? result.quote : null;
}

/** The Entrega form as the session knows it: its address, else its quoted CEP (and its state) and service. */
export async function deliveryForm(
  context: PayPageContext,
  session: StoredSession,
  notice?: string,
): Promise<DeliveryFormState> {
  const delivery = session.delivery;
  let values: DeliveryFormState['values'] = { service: 'economica' };
  if (delivery?.address)
    values = { ...delivery.address, cep: formatCep(delivery.address.cep), service: delivery.service };
  else if (delivery) values = { cep: formatCep(delivery.cep), uf: delivery.uf, service: delivery.service };
  return { values, quote: await quoteFor(context, session, values.cep), ...(notice ? { notice } : {}) };
}

/** The page a checkout session is at: its pending Pix or boleto, its final state, the Entrega step or the payment step. */
export async function show(context: PayPageContext, reply: FastifyReply, session: StoredSession) {
  const current = await expireIfLate(context, session);
  if (current.status === 'pending' && current.paymentMethod === 'pix' && current.pix) {
    const svg = await QRCode.toString(current.pix.copyPaste, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply
      .header('content-security-policy', context.scriptCsp)
      .send(renderPixPending(current, svg, context.now()));
  }
  if (current.status === 'pending' && current.paymentMethod === 'boleto' && current.boleto)
    return reply.send(renderBoletoPending(current));
  if (current.status !== 'open' || context.now() >= current.expiresAt) {
    const { status, html } = finishedPage(context.pages, current);
    return reply.status(status).send(html);
  }
  // Entrega first: nothing is charged before the address is known.
  if (!current.delivery?.address) return reply.send(renderDeliveryPage(current, await deliveryForm(context, current)));
  return reply.send(renderPayPage(current));
}

/** Every answer is a page nobody may cache; the checkout session of the URL, or null after the 404 page was sent. */
export async function sessionOf(
  context: PayPageContext,
  request: FastifyRequest<{ Params: { sessionId: string } }>,
  reply: FastifyReply,
): Promise<StoredSession | null> {
  void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
  const session = await findSimulated(context, request.params.sessionId);
  if (!session) void reply.status(context.pages.unknown.status).send(context.pages.unknown.html);
  return session;
}

/** A charging button without an address (a stale tab, a crafted POST): nothing is charged, the Entrega step again. */
export async function askForAddress(context: PayPageContext, reply: FastifyReply, session: StoredSession) {
  if (!isOpen(context, session) || session.delivery?.address) return false;
  const form = await deliveryForm(context, session, 'Informe o endereço de entrega antes de pagar.');
  void reply.status(409).send(renderDeliveryPage(session, form));
  return true;
}

/** Pix or boleto: the checkout session waits, pending, with its code; the same button in another tab shows the same code. */
export async function markPending(
  context: PayPageContext,
  { request, reply }: { request: FastifyRequest; reply: FastifyReply },
  session: StoredSession,
  method: Extract<PaymentMethod, 'pix' | 'boleto'>,
  details: PendingDetails,
  at: number,
) {
  const result = await context.store.markPending(session.id, method, details, at, { amountDue: amountDue(session) });
  if (result.kind === 'missing') return reply.status(context.pages.unknown.status).send(context.pages.unknown.html);
  if (result.kind === 'pending') request.log.info({ sessionId: session.id, method }, 'simulated session pending');
  // Pending (now, or already by this method in another tab): the page shows the code. Otherwise its final state.
  if (result.kind === 'pending' || (result.session.status === 'pending' && result.session.paymentMethod === method)) {
    return reply.redirect(pagePath(session), 303);
  }
  return show(context, reply, result.session);
}
