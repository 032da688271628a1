import type { FastifyPluginAsync } from 'fastify';
import { renderMessagePage, renderPayPage } from '../payments/payPage';
import type { CheckoutStore, SessionOutcome, StoredSession } from '../store/port';

export interface PayPageRoutesOptions {
  store: CheckoutStore;
  /** The storefront's base URL: every message page links back to it. */
  storefrontUrl: string;
  /** `<storefront>/payment-confirmation`: a declined card lands here with `success=false`. */
  confirmationUrl: string;
  now: () => number;
}

const SIMULATED_ID = /^cs_sim_[A-Za-z0-9_-]{8,64}$/;
// A Map, not an object literal: `/pay/<id>/constructor` must not find Object.prototype's members.
const OUTCOMES: ReadonlyMap<string, SessionOutcome> = new Map<string, SessionOutcome>([
  ['pay', 'paid'],
  ['cancel', 'canceled'],
  ['decline', 'declined'],
]);

/**
 * The simulated provider's hosted page, GET /pay/:sessionId, and its three POST forms. Encapsulated (no
 * fastify-plugin): its answers are HTML for a person, so its error handler and its url-encoded form parser stay
 * inside this scope while the API keeps its JSON errors.
 */
export const payPageRoutes: FastifyPluginAsync<PayPageRoutesOptions> = async (app, { store, storefrontUrl, confirmationUrl, now }) => {
  const page = (status: number, title: string, message: string) => ({ status, html: renderMessagePage(title, message, storefrontUrl) });
  const unknown = page(404, 'Pagamento não encontrado', 'Não encontramos esta sessão de pagamento. Volte para a loja e finalize a compra novamente.');
  // A store outage gets a page too, not the API's JSON error.
  const unavailable = page(503, 'Serviço indisponível', 'Não conseguimos abrir o pagamento agora. Tente novamente em instantes.');
  const finishedPage = (session: StoredSession) =>
    session.status === 'paid'
      ? page(410, 'Pagamento já realizado', 'Este pagamento já foi concluído. Obrigado pela compra!')
      : session.status === 'open'
        ? page(410, 'Sessão expirada', 'Esta sessão de pagamento expirou. Volte para a loja e finalize a compra novamente.')
        : page(410, 'Sessão encerrada', 'Esta sessão de pagamento já foi encerrada. Volte para a loja para tentar novamente.');
  const destination = (session: StoredSession, outcome: SessionOutcome) =>
    outcome === 'paid' ? session.successUrl : outcome === 'canceled' ? session.cancelUrl : `${confirmationUrl}?success=false`;

  const findSimulated = async (id: string) => {
    if (!SIMULATED_ID.test(id)) return null;
    const session = await store.getSession(id);
    return session?.provider === 'simulated' ? session : null;
  };

  // The forms post url-encoded; their content does not matter (the action is in the path).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, {}),
  );

  app.setErrorHandler((error, request, reply) => {
    request.log.error({ err: error }, 'payment page failed');
    void reply.status(unavailable.status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(unavailable.html);
  });

  app.get<{ Params: { sessionId: string } }>('/pay/:sessionId', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const session = await findSimulated(request.params.sessionId);
    if (!session) return reply.status(unknown.status).send(unknown.html);
    if (session.status !== 'open' || now() >= session.expiresAt) {
      const { status, html } = finishedPage(session);
      return reply.status(status).send(html);
    }
    return reply.send(renderPayPage(session));
  });

  app.post<{ Params: { sessionId: string; action: string } }>('/pay/:sessionId/:action', async (request, reply) => {
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    const outcome = OUTCOMES.get(request.params.action);
    const session = outcome ? await findSimulated(request.params.sessionId) : null;
    if (!outcome || !session) return reply.status(unknown.status).send(unknown.html);
    const result = await store.settle(session.id, outcome, now());
    if (result.kind === 'missing') return reply.status(unknown.status).send(unknown.html);
    if (result.kind === 'settled') {
      request.log.info({ sessionId: session.id, outcome, order: result.order?.id ?? null }, 'simulated session settled');
      return reply.redirect(destination(result.session, outcome), 303);
    }
    // Already finished: the same button again (double click, back + resubmit) lands where the first did.
    if (result.session.status === outcome) return reply.redirect(destination(result.session, outcome), 303);
    const { status, html } = finishedPage(result.session);
    return reply.status(status === 410 ? 409 : status).send(html);
  });
};
