import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import {
  DELIVERY_MESSAGES,
  formatCep,
  isDeliveryService,
  orderDeliveryFrom,
  parseCep,
  validateAddress,
  type DeliveryQuote,
} from '../../src/domain/delivery';
import type { PriceBook } from '../adapters/cachedCatalog';
import { quoteForLines } from '../delivery';
import { boletoLine, digitsOf } from '../payments/boleto';
import {
  PIX_SCRIPT_HASH,
  renderBoletoPending,
  renderDeliveryPage,
  renderMessagePage,
  renderPayPage,
  renderPixPending,
  type DeliveryFormField,
  type DeliveryFormState,
} from '../payments/payPage';
import { pixCopyPaste } from '../payments/pix';
import { securityHeadersFor } from '../plugins/securityHeaders';
import { amountDue, type CheckoutStore, type PaymentMethod, type SessionOutcome, type StoredSession } from '../store/port';

export interface PayPageRoutesOptions {
  store: CheckoutStore;
  /** The catalog's categories: the Entrega step quotes the session's lines again from them. */
  priceBook: PriceBook;
  /** The storefront's base URL: every message page links back to it. */
  storefrontUrl: string;
  /** `<storefront>/payment-confirmation`: a declined card lands here with `success=false`. */
  confirmationUrl: string;
  now: () => number;
  /** How long a Pix code can be paid (PIX_EXPIRES_AFTER_SECONDS). */
  pixExpiresAfterSeconds?: number;
  /** Days until a boleto is due (BOLETO_EXPIRES_AFTER_DAYS). */
  boletoExpiresAfterDays?: number;
}

const SIMULATED_ID = /^cs_sim_[A-Za-z0-9_-]{8,64}$/;
/**
 * The Entrega form is usually a few hundred bytes. Its 7 text fields at their 200-character limit, accented
 * throughout (a "ç" is 6 bytes percent-encoded), stay under 16 KB; anything larger answers a 413 page.
 */
export const FORM_BODY_LIMIT = 16 * 1024;
const DELIVERY_FORM_FIELDS: readonly DeliveryFormField[] = ['recipient', 'cep', 'street', 'number', 'complement', 'neighborhood', 'city', 'uf', 'service'];
/** Actions that charge (or try to): they need the delivery address first. */
const NEEDS_ADDRESS: ReadonlySet<string> = new Set(['pay', 'decline', 'pix', 'boleto']);
const DAY = 86_400_000;
// Maps, not object literals: `/pay/<id>/constructor` must not find Object.prototype's members.
const CARD_OUTCOMES: ReadonlyMap<string, SessionOutcome> = new Map<string, SessionOutcome>([
  ['pay', 'paid'],
  ['cancel', 'canceled'],
  ['decline', 'declined'],
]);
const ASYNC_PAID: ReadonlyMap<string, PaymentMethod> = new Map<string, PaymentMethod>([
  ['pix-paid', 'pix'],
  ['boleto-paid', 'boleto'],
]);

/** The CPF field: each mistake its own pt-BR message; a valid CPF's digits only. */
export function checkCpf(input: unknown): { cpf: string } | { error: string } {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (raw === '') return { error: 'Informe o CPF para gerar o boleto.' };
  if (!/^[\d.\-\s]+$/.test(raw)) return { error: 'O CPF deve conter apenas números (pontos e traço são opcionais).' };
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 11) return { error: 'O CPF deve ter 11 dígitos.' };
  if (!isValidCPF(digits)) return { error: 'CPF inválido: confira os dígitos verificadores.' };
  return { cpf: digits };
}

/**
 * The simulated provider's hosted page, GET /pay/:sessionId, and its POST forms: first the Entrega step (GET and
 * POST /pay/:sessionId/entrega: the address and the service, quoted again here), then card (pay, cancel, decline),
 * Pix (pix → pending, pix-paid) and boleto (boleto with a CPF → pending, boleto-paid). Every charge is amountDue.
 * Same transitions as the Stripe webhook, through the same store. Encapsulated (no fastify-plugin): its answers are HTML for a person, so its error
 * handler and its url-encoded form parser stay inside this scope while the API keeps its JSON errors.
 */
export const payPageRoutes: FastifyPluginAsync<PayPageRoutesOptions> = async (
  app,
  { store, priceBook, storefrontUrl, confirmationUrl, now, pixExpiresAfterSeconds = 3600, boletoExpiresAfterDays = 3 },
) => {
  const page = (status: number, title: string, message: string) => ({ status, html: renderMessagePage(title, message, storefrontUrl) });
  const unknown = page(404, 'Pagamento não encontrado', 'Não encontramos esta sessão de pagamento. Volte para a loja e finalize a compra novamente.');
  // A store outage gets a page too, not the API's JSON error.
  const unavailable = page(503, 'Serviço indisponível', 'Não conseguimos abrir o pagamento agora. Tente novamente em instantes.');
  const tooLarge = page(413, 'Formulário grande demais', 'Os dados enviados passam do tamanho aceito. Volte, encurte os campos e envie novamente.');
  const finishedPage = (session: StoredSession) =>
    session.status === 'paid'
      ? page(410, 'Pagamento já realizado', 'Este pagamento já foi concluído. Obrigado pela compra!')
      : session.status === 'expired' && session.paymentMethod === 'pix'
        ? page(410, 'Pix expirado', 'O prazo deste Pix terminou e ele não pode mais ser pago. Volte para a loja e finalize a compra novamente.')
        : session.status === 'expired' && session.paymentMethod === 'boleto'
          ? page(410, 'Boleto vencido', 'Este boleto venceu e não pode mais ser pago. Volte para a loja e finalize a compra novamente.')
          : session.status === 'open' || session.status === 'expired'
            ? page(410, 'Sessão expirada', 'Esta sessão de pagamento expirou. Volte para a loja e finalize a compra novamente.')
            : page(410, 'Sessão encerrada', 'Esta sessão de pagamento já foi encerrada. Volte para a loja para tentar novamente.');
  const destination = (session: StoredSession, outcome: SessionOutcome) =>
    outcome === 'paid' ? session.successUrl : outcome === 'canceled' ? session.cancelUrl : `${confirmationUrl}?success=false`;
  const pagePath = (session: StoredSession) => `/pay/${encodeURIComponent(session.id)}`;
  // The pending Pix page runs one static script: its CSP adds that script's hash, nothing else.
  const baseCsp = securityHeadersFor({ storefrontOrigin: new URL(storefrontUrl).origin })['content-security-policy'];
  const scriptCsp = `${baseCsp};script-src ${PIX_SCRIPT_HASH}`;

  const findSimulated = async (id: string) => {
    if (!SIMULATED_ID.test(id)) return null;
    const session = await store.getSession(id);
    return session?.provider === 'simulated' ? session : null;
  };

  /** A pending Pix or boleto past its deadline settles as expired (once; a concurrent payment may win instead). */
  const expireIfLate = async (session: StoredSession): Promise<StoredSession> => {
    if (session.status !== 'pending') return session;
    const deadline = session.pix?.expiresAt ?? session.boleto?.dueAt ?? session.expiresAt;
    if (now() < deadline) return session;
    const result = await store.settle(session.id, 'expired', now());
    return result.kind === 'missing' ? session : result.session;
  };

  /** The server's quote for a CEP and the session's lines, or null when the CEP is not a valid one. */
  const quoteFor = async (session: StoredSession, cep: string | undefined): Promise<DeliveryQuote | null> => {
    if (!cep || !parseCep(cep).ok) return null;
    const result = quoteForLines(cep, session.lineItems, await priceBook.categories(), now());
    return result.ok ? result.quote : null;
  };

  /** The Entrega form as the session knows it: its address, else its quoted CEP (and its state) and service. */
  const deliveryForm = async (session: StoredSession, notice?: string): Promise<DeliveryFormState> => {
    const delivery = session.delivery;
    const values: DeliveryFormState['values'] = delivery?.address
      ? { ...delivery.address, cep: formatCep(delivery.address.cep), service: delivery.service }
      : delivery
        ? { cep: formatCep(delivery.cep), uf: delivery.uf, service: delivery.service }
        : { service: 'economica' };
    return { values, quote: await quoteFor(session, values.cep), ...(notice ? { notice } : {}) };
  };

  const isOpen = (session: StoredSession) => session.status === 'open' && now() < session.expiresAt;

  const show = async (reply: FastifyReply, session: StoredSession) => {
    const current = await expireIfLate(session);
    if (current.status === 'pending' && current.paymentMethod === 'pix' && current.pix) {
      const svg = await QRCode.toString(current.pix.copyPaste, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return reply.header('content-security-policy', scriptCsp).send(renderPixPending(current, svg, now()));
    }
    if (current.status === 'pending' && current.paymentMethod === 'boleto' && current.boleto) return reply.send(renderBoletoPending(current));
    if (current.status !== 'open' || now() >= current.expiresAt) {
      const { status, html } = finishedPage(current);
      return reply.status(status).send(html);
    }
    // Entrega first: nothing is charged before the address is known.
    if (!current.delivery?.address) return reply.send(renderDeliveryPage(current, await deliveryForm(current)));
    return reply.send(renderPayPage(current));
  };

  // The forms post url-encoded: the Entrega fields and the boleto's `cpf`.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  app.setErrorHandler((error: FastifyError, request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      request.log.info({ code: error.code }, 'payment form too large');
      return reply.status(tooLarge.status).send(tooLarge.html);
    }
    request.log.error({ err: error }, 'payment page failed');
    return reply.status(unavailable.status).send(unavailable.html);
  });

  app.get<{ Params: { sessionId: string } }>('/pay/:sessionId', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = await findSimulated(request.params.sessionId);
    if (!session) return reply.status(unknown.status).send(unknown.html);
    return show(reply, session);
  });

  // "Alterar entrega": the form again, with the address given (an open session only).
  app.get<{ Params: { sessionId: string } }>('/pay/:sessionId/entrega', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = await findSimulated(request.params.sessionId);
    if (!session) return reply.status(unknown.status).send(unknown.html);
    if (!isOpen(session)) return show(reply, session);
    return reply.send(renderDeliveryPage(session, await deliveryForm(session)));
  });

  app.post<{ Params: { sessionId: string }; Body: Record<string, string> | undefined }>('/pay/:sessionId/entrega', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = await findSimulated(request.params.sessionId);
    if (!session) return reply.status(unknown.status).send(unknown.html);
    if (!isOpen(session)) return show(reply, session);
    const body = request.body ?? {};
    const typed: DeliveryFormState['values'] = {};
    for (const field of DELIVERY_FORM_FIELDS) if (typeof body[field] === 'string') typed[field] = body[field];
    const checked = validateAddress(typed);
    const errors: DeliveryFormState['errors'] = checked.ok ? {} : { ...checked.errors };
    if (!isDeliveryService(typed.service)) errors.service = DELIVERY_MESSAGES.unknownService;
    const quote = checked.ok ? await quoteFor(session, checked.address.cep) : null;
    if (checked.ok && !quote) errors.cep = DELIVERY_MESSAGES.emptyParcel;
    if (!checked.ok || !quote || !isDeliveryService(typed.service)) {
      // Every typed value comes back, each mistake under its field; the prices follow the CEP typed, when valid.
      return reply.status(400).send(renderDeliveryPage(session, { values: typed, errors, quote: quote ?? (await quoteFor(session, typed.cep)) }));
    }
    const result = await store.setDelivery(session.id, orderDeliveryFrom(quote, typed.service, checked.address), now());
    if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
    if (result.kind === 'finished') return show(reply, result.session);
    // Ids and amounts only: the address is personal data.
    request.log.info({ sessionId: session.id, service: typed.service, frete: result.session.delivery?.amount ?? null }, 'simulated session delivery set');
    return reply.redirect(pagePath(session), 303);
  });

  app.post<{ Params: { sessionId: string; action: string }; Body: Record<string, string> | undefined }>('/pay/:sessionId/:action', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const { action } = request.params;
    const known = CARD_OUTCOMES.has(action) || ASYNC_PAID.has(action) || action === 'pix' || action === 'boleto';
    const session = known ? await findSimulated(request.params.sessionId) : null;
    if (!session) return reply.status(unknown.status).send(unknown.html);
    const at = now();
    // A payment button without an address (a stale tab, a crafted POST): nothing is charged, the Entrega step again.
    if (NEEDS_ADDRESS.has(action) && isOpen(session) && !session.delivery?.address) {
      return reply.status(409).send(renderDeliveryPage(session, await deliveryForm(session, 'Informe o endereço de entrega antes de pagar.')));
    }

    if (action === 'pix' || action === 'boleto') {
      let details;
      if (action === 'pix') {
        details = { pix: { copyPaste: pixCopyPaste({ amountCentavos: amountDue(session), txid: session.id }), expiresAt: at + pixExpiresAfterSeconds * 1000 } };
      } else {
        const checked = checkCpf(request.body?.cpf);
        if ('error' in checked) {
          if (session.status !== 'open' || at >= session.expiresAt) return show(reply, session);
          return reply.status(400).send(renderPayPage(session, { cpf: String(request.body?.cpf ?? '').slice(0, 20), cpfError: checked.error }));
        }
        // The CPF is checked, not kept: the simulated boleto needs no payer record.
        details = { boleto: { line: boletoLine({ amountCentavos: amountDue(session), dueAt: at + boletoExpiresAfterDays * DAY, freeField: digitsOf(session.id) }), dueAt: at + boletoExpiresAfterDays * DAY } };
      }
      const result = await store.markPending(session.id, action, details, at, { amountDue: amountDue(session) });
      if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
      if (result.kind === 'pending') request.log.info({ sessionId: session.id, method: action }, 'simulated session pending');
      // Pending (now, or already by this method in another tab): the page shows the code. Otherwise its final state.
      if (result.kind === 'pending' || (result.session.status === 'pending' && result.session.paymentMethod === action)) {
        return reply.redirect(pagePath(session), 303);
      }
      return show(reply, result.session);
    }

    const method = ASYNC_PAID.get(action);
    const outcome = method ? 'paid' : (CARD_OUTCOMES.get(action) as SessionOutcome);
    const paymentMethod: PaymentMethod | undefined = method ?? (outcome === 'canceled' ? undefined : 'card');
    const result = await store.settle(session.id, outcome, at, paymentMethod ? { paymentMethod } : {});
    if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
    if (result.kind === 'settled') {
      request.log.info({ sessionId: session.id, outcome, method: result.session.paymentMethod, order: result.order?.id ?? null }, 'simulated session settled');
      return reply.redirect(destination(result.session, outcome), 303);
    }
    // Already finished: the same button again (double click, back + resubmit, the other tab) lands where the first did.
    if (result.session.status === outcome && (!method || result.session.paymentMethod === method)) {
      return reply.redirect(destination(result.session, outcome), 303);
    }
    // A Pix or boleto paid after its deadline: it expires now and is refused.
    const current = await expireIfLate(result.session);
    const { status, html } = finishedPage(current);
    return reply.status(status === 410 ? 409 : status).send(html);
  });
};
