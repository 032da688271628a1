import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import {
  Type,
  type FastifyPluginAsyncTypebox,
  type TOptional,
  type TProperties,
  type TString,
} from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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
import { ADDRESS_MAX_LENGTH } from '../../src/domain/limits';
import type { PriceBook } from '../adapters/cachedCatalog';
import { quoteForLines } from '../deliveryQuote';
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
} from '../payments/payPageMarkup';
import { pixCopyPaste } from '../payments/pix';
import { securityHeadersFor } from '../plugins/securityHeaders';
import {
  amountDue,
  type CheckoutStore,
  type PaymentMethod,
  type PendingDetails,
  type SessionOutcome,
  type StoredSession,
} from '../store/sessionStorePort';

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

/** Where the simulated provider's page lives (Hosting rewrites `/pay/**` to the backend). */
export const PAY_PAGE_PREFIX = '/pay';
const SIMULATED_ID = /^cs_sim_[A-Za-z0-9_-]{8,64}$/;
const DELIVERY_FORM_FIELDS: readonly DeliveryFormField[] = [
  'recipient',
  'cep',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'uf',
  'service',
];
/**
 * The largest form body any pay-page form needs: the Entrega form's fields at their longest (src/domain/limits.ts),
 * accented throughout (a "ç" is 6 bytes percent-encoded), plus 1 KB for the names; anything larger is a 413 page.
 */
export const FORM_BODY_LIMIT = Math.ceil((DELIVERY_FORM_FIELDS.length * ADDRESS_MAX_LENGTH * 6 + 1024) / 1024) * 1024;
const DAY = 86_400_000;

/**
 * The route schemas. Any checkout session id up to the router's 100 characters reaches the handler: one that is not ours
 * is "Pagamento não encontrado" (404), not a schema error. Form fields are checked by the handlers, each mistake
 * under its field; the schemas say what a form body is (url-encoded strings, or no body at all for a button).
 */
export const SessionParams = Type.Object({ sessionId: Type.String({ maxLength: 100 }) });
const formOf = <T extends TProperties>(fields: T) => Type.Union([Type.Object(fields), Type.Undefined()]);
export const ButtonForm = formOf({});
export const BoletoForm = formOf({ cpf: Type.Optional(Type.String()) });
export const DeliveryForm = formOf(
  Object.fromEntries(DELIVERY_FORM_FIELDS.map((field) => [field, Type.Optional(Type.String())])) as Record<
    DeliveryFormField,
    TOptional<TString>
  >,
);
const HtmlPage = Type.String({ description: 'text/html; charset=utf-8' });
/** Every pay-page answer: a page, or a 303 to the next step (an empty body). */
const PAGE_RESPONSES = { 200: HtmlPage, 303: Type.Null(), '4xx': HtmlPage, '5xx': HtmlPage };

/** The buttons that settle a checkout session: what each one ends it as, by which method, and whether it charges. */
interface Settling {
  outcome: SessionOutcome;
  method: PaymentMethod | null;
  /** It charges (or tries to): the delivery address comes first. */
  charges: boolean;
}
export const SETTLING_ACTIONS: Readonly<Record<string, Settling>> = {
  pay: { outcome: 'paid', method: 'card', charges: true },
  cancel: { outcome: 'canceled', method: null, charges: false },
  decline: { outcome: 'declined', method: 'card', charges: true },
  // The simulated page's stand-ins for the bank: a Pix paid, a boleto compensated.
  'pix-paid': { outcome: 'paid', method: 'pix', charges: false },
  'boleto-paid': { outcome: 'paid', method: 'boleto', charges: false },
};
/** The buttons that make a checkout session pending: the Pix code or the boleto is shown until it is paid. */
export const PENDING_ACTIONS = ['pix', 'boleto'] as const;

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
 * The simulated provider's hosted page, registered under the prefix /pay: GET /pay/:sessionId and one POST route
 * per form. First the Entrega step (GET and POST /pay/:sessionId/entrega: the address and the service, quoted
 * again here), then card (pay, cancel, decline), Pix (pix → pending, pix-paid) and boleto (boleto with a CPF →
 * pending, boleto-paid). Every charge is amountDue. Same transitions as the Stripe webhook, through the same store.
 * Encapsulated (no fastify-plugin): its answers are HTML for a person, so its error and not-found handlers (an
 * unknown action is "Pagamento não encontrado") and its url-encoded form parser stay inside this scope while the
 * API keeps its JSON errors.
 */
export const payPageRoutes: FastifyPluginAsyncTypebox<PayPageRoutesOptions> = async (
  app,
  { store, priceBook, storefrontUrl, confirmationUrl, now, pixExpiresAfterSeconds = 3600, boletoExpiresAfterDays = 3 },
) => {
  const page = (status: number, title: string, message: string) => ({
    status,
    html: renderMessagePage(title, message, storefrontUrl),
  });
  const unknown = page(
    404,
    'Pagamento não encontrado',
    'Não encontramos esta sessão de pagamento. Volte para a loja e finalize a compra novamente.',
  );
  // A store outage gets a page too, not the API's JSON error.
  const unavailable = page(
    503,
    'Serviço indisponível',
    'Não conseguimos abrir o pagamento agora. Tente novamente em instantes.',
  );
  const tooLarge = page(
    413,
    'Formulário grande demais',
    'Os dados enviados passam do tamanho aceito. Volte, encurte os campos e envie novamente.',
  );
  const unsupported = page(
    415,
    'Formulário não aceito',
    'Os dados chegaram num formato que esta página não lê. Volte e envie o formulário novamente.',
  );
  const badForm = page(
    400,
    'Formulário inválido',
    'Não conseguimos ler os dados enviados. Volte e envie o formulário novamente.',
  );
  const alreadyPaid = page(410, 'Pagamento já realizado', 'Este pagamento já foi concluído. Obrigado pela compra!');
  const pixExpired = page(
    410,
    'Pix expirado',
    'O prazo deste Pix terminou e ele não pode mais ser pago. Volte para a loja e finalize a compra novamente.',
  );
  const boletoExpired = page(
    410,
    'Boleto vencido',
    'Este boleto venceu e não pode mais ser pago. Volte para a loja e finalize a compra novamente.',
  );
  const sessionExpired = page(
    410,
    'Sessão expirada',
    'Esta sessão de pagamento expirou. Volte para a loja e finalize a compra novamente.',
  );
  const sessionClosed = page(
    410,
    'Sessão encerrada',
    'Esta sessão de pagamento já foi encerrada. Volte para a loja para tentar novamente.',
  );
  const finishedPage = (session: StoredSession) => {
    if (session.status === 'paid') return alreadyPaid;
    if (session.status === 'expired' && session.paymentMethod === 'pix') return pixExpired;
    if (session.status === 'expired' && session.paymentMethod === 'boleto') return boletoExpired;
    if (session.status === 'open' || session.status === 'expired') return sessionExpired;
    return sessionClosed;
  };
  const destination = (session: StoredSession, outcome: SessionOutcome) => {
    if (outcome === 'paid') return session.successUrl;
    if (outcome === 'canceled') return session.cancelUrl;
    return `${confirmationUrl}?success=false`;
  };
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
    let values: DeliveryFormState['values'] = { service: 'economica' };
    if (delivery?.address)
      values = { ...delivery.address, cep: formatCep(delivery.address.cep), service: delivery.service };
    else if (delivery) values = { cep: formatCep(delivery.cep), uf: delivery.uf, service: delivery.service };
    return { values, quote: await quoteFor(session, values.cep), ...(notice ? { notice } : {}) };
  };

  const isOpen = (session: StoredSession) => session.status === 'open' && now() < session.expiresAt;

  const show = async (reply: FastifyReply, session: StoredSession) => {
    const current = await expireIfLate(session);
    if (current.status === 'pending' && current.paymentMethod === 'pix' && current.pix) {
      const svg = await QRCode.toString(current.pix.copyPaste, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return reply.header('content-security-policy', scriptCsp).send(renderPixPending(current, svg, now()));
    }
    if (current.status === 'pending' && current.paymentMethod === 'boleto' && current.boleto)
      return reply.send(renderBoletoPending(current));
    if (current.status !== 'open' || now() >= current.expiresAt) {
      const { status, html } = finishedPage(current);
      return reply.status(status).send(html);
    }
    // Entrega first: nothing is charged before the address is known.
    if (!current.delivery?.address) return reply.send(renderDeliveryPage(current, await deliveryForm(current)));
    return reply.send(renderPayPage(current));
  };

  /** Every answer is a page nobody may cache; the checkout session of the URL, or null after the 404 page was sent. */
  const sessionOf = async (request: FastifyRequest<{ Params: { sessionId: string } }>, reply: FastifyReply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = await findSimulated(request.params.sessionId);
    if (!session) void reply.status(unknown.status).send(unknown.html);
    return session;
  };

  /** A charging button without an address (a stale tab, a crafted POST): nothing is charged, the Entrega step again. */
  const askForAddress = async (reply: FastifyReply, session: StoredSession) => {
    if (!isOpen(session) || session.delivery?.address) return false;
    void reply
      .status(409)
      .send(renderDeliveryPage(session, await deliveryForm(session, 'Informe o endereço de entrega antes de pagar.')));
    return true;
  };

  // The forms post url-encoded: the Entrega fields and the boleto's `cpf`.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  /** A refused request's page by its status: too large, a format no form sends, or unreadable; only our faults are 503. */
  const errorPage = (error: FastifyError) => {
    if (error.validation) return badForm;
    const status = error.statusCode ?? 500;
    if (status === 413) return tooLarge;
    if (status === 415) return unsupported;
    if (status >= 400 && status < 500) return { ...badForm, status };
    return unavailable;
  };
  app.setErrorHandler((error: FastifyError, request, reply) => {
    void reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    const { status, html } = errorPage(error);
    if (status >= 500) request.log.error({ err: error }, 'payment page failed');
    else request.log.info({ code: error.code, status }, 'payment form refused');
    return reply.status(status).send(html);
  });
  // An action this page does not have (`/pay/<id>/refund`, `/pay/<id>/constructor`) finds no route.
  app.setNotFoundHandler((_request, reply) => {
    void reply
      .status(unknown.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unknown.html);
  });

  app.get('/:sessionId', { schema: { params: SessionParams, response: PAGE_RESPONSES } }, async (request, reply) => {
    const session = await sessionOf(request, reply);
    return session ? show(reply, session) : reply;
  });

  // "Alterar entrega": the form again, with the address given (an open session only).
  app.get(
    '/:sessionId/entrega',
    { schema: { params: SessionParams, response: PAGE_RESPONSES } },
    async (request, reply) => {
      const session = await sessionOf(request, reply);
      if (!session) return reply;
      if (!isOpen(session)) return show(reply, session);
      return reply.send(renderDeliveryPage(session, await deliveryForm(session)));
    },
  );

  app.post(
    '/:sessionId/entrega',
    { schema: { params: SessionParams, body: DeliveryForm, response: PAGE_RESPONSES } },
    async (request, reply) => {
      const session = await sessionOf(request, reply);
      if (!session) return reply;
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
        return reply.status(400).send(
          renderDeliveryPage(session, {
            values: typed,
            errors,
            quote: quote ?? (await quoteFor(session, typed.cep)),
          }),
        );
      }
      const result = await store.setDelivery(
        session.id,
        orderDeliveryFrom(quote, typed.service, checked.address),
        now(),
      );
      if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
      if (result.kind === 'finished') return show(reply, result.session);
      // Ids and amounts only: the address is personal data.
      request.log.info(
        { sessionId: session.id, service: typed.service, frete: result.session.delivery?.amount ?? null },
        'simulated session delivery set',
      );
      return reply.redirect(pagePath(session), 303);
    },
  );

  /** Pix or boleto: the checkout session waits, pending, with its code; the same button in another tab shows the same code. */
  const markPending = async (
    reply: FastifyReply,
    request: FastifyRequest,
    session: StoredSession,
    method: (typeof PENDING_ACTIONS)[number],
    details: PendingDetails,
    at: number,
  ) => {
    const result = await store.markPending(session.id, method, details, at, { amountDue: amountDue(session) });
    if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
    if (result.kind === 'pending') request.log.info({ sessionId: session.id, method }, 'simulated session pending');
    // Pending (now, or already by this method in another tab): the page shows the code. Otherwise its final state.
    if (result.kind === 'pending' || (result.session.status === 'pending' && result.session.paymentMethod === method)) {
      return reply.redirect(pagePath(session), 303);
    }
    return show(reply, result.session);
  };

  app.post(
    '/:sessionId/pix',
    { schema: { params: SessionParams, body: ButtonForm, response: PAGE_RESPONSES } },
    async (request, reply) => {
      const session = await sessionOf(request, reply);
      if (!session || (await askForAddress(reply, session))) return reply;
      const at = now();
      const pix = {
        copyPaste: pixCopyPaste({ amountCentavos: amountDue(session), txid: session.id }),
        expiresAt: at + pixExpiresAfterSeconds * 1000,
      };
      return markPending(reply, request, session, 'pix', { pix }, at);
    },
  );

  app.post(
    '/:sessionId/boleto',
    { schema: { params: SessionParams, body: BoletoForm, response: PAGE_RESPONSES } },
    async (request, reply) => {
      const session = await sessionOf(request, reply);
      if (!session || (await askForAddress(reply, session))) return reply;
      const at = now();
      const checked = checkCpf(request.body?.cpf);
      if ('error' in checked) {
        if (!isOpen(session)) return show(reply, session);
        return reply
          .status(400)
          .send(renderPayPage(session, { cpf: String(request.body?.cpf ?? '').slice(0, 20), cpfError: checked.error }));
      }
      // The CPF is checked, not kept: the simulated boleto needs no payer record.
      const dueAt = at + boletoExpiresAfterDays * DAY;
      const boleto = {
        line: boletoLine({ amountCentavos: amountDue(session), dueAt, freeField: digitsOf(session.id) }),
        dueAt,
      };
      return markPending(reply, request, session, 'boleto', { boleto }, at);
    },
  );

  for (const [action, { outcome, method, charges }] of Object.entries(SETTLING_ACTIONS)) {
    app.post(
      `/:sessionId/${action}`,
      { schema: { params: SessionParams, body: ButtonForm, response: PAGE_RESPONSES } },
      async (request, reply) => {
        const session = await sessionOf(request, reply);
        if (!session || (charges && (await askForAddress(reply, session)))) return reply;
        const result = await store.settle(session.id, outcome, now(), method ? { paymentMethod: method } : {});
        if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
        if (result.kind === 'settled') {
          request.log.info(
            { sessionId: session.id, outcome, method: result.session.paymentMethod, order: result.order?.id ?? null },
            'simulated session settled',
          );
          return reply.redirect(destination(result.session, outcome), 303);
        }
        // Already finished: the same button again (double click, back + resubmit, the other tab) lands where the first did.
        const asyncMethod = method === 'pix' || method === 'boleto' ? method : null;
        if (result.session.status === outcome && (!asyncMethod || result.session.paymentMethod === asyncMethod)) {
          return reply.redirect(destination(result.session, outcome), 303);
        }
        // A Pix or boleto paid after its deadline: it expires now and is refused.
        const { status, html } = finishedPage(await expireIfLate(result.session));
        return reply.status(status === 410 ? 409 : status).send(html);
      },
    );
  }
};
