import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import { boletoLine, digitsOf } from '../payments/boleto';
import { PIX_SCRIPT_HASH, renderBoletoPending, renderMessagePage, renderPayPage, renderPixPending } from '../payments/payPage';
import { pixCopyPaste } from '../payments/pix';
import { securityHeadersFor } from '../plugins/securityHeaders';
import type { CheckoutStore, PaymentMethod, SessionOutcome, StoredSession } from '../store/port';

export interface PayPageRoutesOptions {
  store: CheckoutStore;
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
 * The simulated provider's hosted page, GET /pay/:sessionId, and its POST forms: card (pay, cancel, decline), Pix
 * (pix → pending, pix-paid) and boleto (boleto with a CPF → pending, boleto-paid). Same transitions as the Stripe
 * webhook, through the same store. Encapsulated (no fastify-plugin): its answers are HTML for a person, so its error
 * handler and its url-encoded form parser stay inside this scope while the API keeps its JSON errors.
 */
export const payPageRoutes: FastifyPluginAsync<PayPageRoutesOptions> = async (
  app,
  { store, storefrontUrl, confirmationUrl, now, pixExpiresAfterSeconds = 3600, boletoExpiresAfterDays = 3 },
) => {
  const page = (status: number, title: string, message: string) => ({ status, html: renderMessagePage(title, message, storefrontUrl) });
  const unknown = page(404, 'Pagamento não encontrado', 'Não encontramos esta sessão de pagamento. Volte para a loja e finalize a compra novamente.');
  // A store outage gets a page too, not the API's JSON error.
  const unavailable = page(503, 'Serviço indisponível', 'Não conseguimos abrir o pagamento agora. Tente novamente em instantes.');
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
    return reply.send(renderPayPage(current));
  };

  // The forms post url-encoded: only the boleto's `cpf` field is read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))),
  );

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'payment page failed');
    void reply.status(unavailable.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(unavailable.html);
  });

  app.get<{ Params: { sessionId: string } }>('/pay/:sessionId', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = await findSimulated(request.params.sessionId);
    if (!session) return reply.status(unknown.status).send(unknown.html);
    return show(reply, session);
  });

  app.post<{ Params: { sessionId: string; action: string }; Body: Record<string, string> | undefined }>('/pay/:sessionId/:action', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const { action } = request.params;
    const known = CARD_OUTCOMES.has(action) || ASYNC_PAID.has(action) || action === 'pix' || action === 'boleto';
    const session = known ? await findSimulated(request.params.sessionId) : null;
    if (!session) return reply.status(unknown.status).send(unknown.html);
    const at = now();

    if (action === 'pix' || action === 'boleto') {
      let details;
      if (action === 'pix') {
        details = { pix: { copyPaste: pixCopyPaste({ amountCentavos: session.amountTotal, txid: session.id }), expiresAt: at + pixExpiresAfterSeconds * 1000 } };
      } else {
        const checked = checkCpf(request.body?.cpf);
        if ('error' in checked) {
          if (session.status !== 'open' || at >= session.expiresAt) return show(reply, session);
          return reply.status(400).send(renderPayPage(session, { cpf: String(request.body?.cpf ?? '').slice(0, 20), cpfError: checked.error }));
        }
        // The CPF is checked, not kept: the simulated boleto needs no payer record.
        details = { boleto: { line: boletoLine({ amountCentavos: session.amountTotal, dueAt: at + boletoExpiresAfterDays * DAY, freeField: digitsOf(session.id) }), dueAt: at + boletoExpiresAfterDays * DAY } };
      }
      const result = await store.markPending(session.id, action, details, at);
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
