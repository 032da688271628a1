import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DELIVERY_MESSAGES, isDeliveryService, orderDeliveryFrom, validateAddress } from '../../src/domain/delivery';
import { boletoLine, digitsOf } from '../payments/boleto';
import { renderDeliveryPage, renderPayPage, type DeliveryFormState } from '../payments/payPageMarkup';
import { pixCopyPaste } from '../payments/pix';
import { amountDue } from '../store/sessionStorePort';
import {
  askForAddress,
  deliveryForm,
  destination,
  expireIfLate,
  isOpen,
  markPending,
  pagePath,
  quoteFor,
  sessionOf,
  show,
  type PayPageContext,
} from './payPageFlow';
import { finishedPage } from './payPageMessages';
import {
  BoletoForm,
  ButtonForm,
  checkCpf,
  DELIVERY_FORM_FIELDS,
  DeliveryForm,
  PAGE_RESPONSES,
  SessionParams,
  SETTLING_ACTIONS,
  type Settling,
} from './payPageSchemas';

// The pay page's route groups, each an encapsulated plugin of the /pay scope (server/routes/payPage.ts), which
// gives them its form parser and its HTML error and not-found handlers.

export interface PayPageRouteOptions {
  context: PayPageContext;
}
const DAY = 86_400_000;

/** GET /pay/:sessionId (the page the session is at) and GET /pay/:sessionId/entrega ("Alterar entrega"). */
export const payPageViewRoutes: FastifyPluginAsyncTypebox<PayPageRouteOptions> = async (app, { context }) => {
  const schema = { params: SessionParams, response: PAGE_RESPONSES };
  app.get('/:sessionId', { schema }, async function viewPayPage(request, reply) {
    const session = await sessionOf(context, request, reply);
    return session ? show(context, reply, session) : reply;
  });
  // "Alterar entrega": the form again, with the address given (an open session only).
  app.get('/:sessionId/entrega', { schema }, async function viewDeliveryStep(request, reply) {
    const session = await sessionOf(context, request, reply);
    if (!session) return reply;
    if (!isOpen(context, session)) return show(context, reply, session);
    return reply.send(renderDeliveryPage(session, await deliveryForm(context, session)));
  });
};

/** POST /pay/:sessionId/entrega: the address and the service, validated and quoted again, then kept. */
export const payPageDeliveryRoutes: FastifyPluginAsyncTypebox<PayPageRouteOptions> = async (app, { context }) => {
  const schema = { params: SessionParams, body: DeliveryForm, response: PAGE_RESPONSES };
  app.post('/:sessionId/entrega', { schema }, async function submitDelivery(request, reply) {
    const session = await sessionOf(context, request, reply);
    if (!session) return reply;
    if (!isOpen(context, session)) return show(context, reply, session);
    const body = request.body ?? {};
    const typed: DeliveryFormState['values'] = {};
    for (const field of DELIVERY_FORM_FIELDS) if (typeof body[field] === 'string') typed[field] = body[field];
    const checked = validateAddress(typed);
    const errors: DeliveryFormState['errors'] = checked.ok ? {} : { ...checked.errors };
    if (!isDeliveryService(typed.service)) errors.service = DELIVERY_MESSAGES.unknownService;
    const quote = checked.ok ? await quoteFor(context, session, checked.address.cep) : null;
    if (checked.ok && !quote) errors.cep = DELIVERY_MESSAGES.emptyParcel;
    if (!checked.ok || !quote || !isDeliveryService(typed.service)) {
      // Every typed value comes back, each mistake under its field; the prices follow the CEP typed, when valid.
      const prices = quote ?? (await quoteFor(context, session, typed.cep));
      return reply.status(400).send(renderDeliveryPage(session, { values: typed, errors, quote: prices }));
    }
    const delivery = orderDeliveryFrom(quote, typed.service, checked.address);
    const result = await context.store.setDelivery(session.id, delivery, context.now());
    if (result.kind === 'missing') return reply.status(context.pages.unknown.status).send(context.pages.unknown.html);
    if (result.kind === 'finished') return show(context, reply, result.session);
    // Ids and amounts only: the address is personal data.
    request.log.info(
      { sessionId: session.id, service: typed.service, frete: result.session.delivery?.amount ?? null },
      'simulated session delivery set',
    );
    return reply.redirect(pagePath(session), 303);
  });
};

/** POST /pay/:sessionId/pix and /boleto (with a valid CPF): the session waits, pending, with its code. */
export const payPagePendingRoutes: FastifyPluginAsyncTypebox<PayPageRouteOptions> = async (app, { context }) => {
  app.post(
    '/:sessionId/pix',
    { schema: { params: SessionParams, body: ButtonForm, response: PAGE_RESPONSES } },
    async function startPix(request, reply) {
      const session = await sessionOf(context, request, reply);
      if (!session || (await askForAddress(context, reply, session))) return reply;
      const at = context.now();
      const pix = {
        copyPaste: pixCopyPaste({ amountCentavos: amountDue(session), txid: session.id }),
        expiresAt: at + context.pixExpiresAfterSeconds * 1000,
      };
      return markPending(context, { request, reply }, session, 'pix', { pix }, at);
    },
  );

  app.post(
    '/:sessionId/boleto',
    { schema: { params: SessionParams, body: BoletoForm, response: PAGE_RESPONSES } },
    async function issueBoleto(request, reply) {
      const session = await sessionOf(context, request, reply);
      if (!session || (await askForAddress(context, reply, session))) return reply;
      const at = context.now();
      const checked = checkCpf(request.body?.cpf);
      if ('error' in checked) {
        if (!isOpen(context, session)) return show(context, reply, session);
        const cpf = String(request.body?.cpf ?? '').slice(0, 20);
        return reply.status(400).send(renderPayPage(session, { cpf, cpfError: checked.error }));
      }
      // The CPF is checked, not kept: the simulated boleto needs no payer record.
      const dueAt = at + context.boletoExpiresAfterDays * DAY;
      const boleto = {
        line: boletoLine({ amountCentavos: amountDue(session), dueAt, freeField: digitsOf(session.id) }),
        dueAt,
      };
      return markPending(context, { request, reply }, session, 'boleto', { boleto }, at);
    },
  );
};

/** One POST route per settling button (pay, cancel, decline, pix-paid, boleto-paid): settles the session once. */
export const payPageSettlingRoutes: FastifyPluginAsyncTypebox<PayPageRouteOptions> = async (app, { context }) => {
  const schema = { params: SessionParams, body: ButtonForm, response: PAGE_RESPONSES };
  for (const [action, settling] of Object.entries(SETTLING_ACTIONS)) {
    app.post(`/:sessionId/${action}`, { schema }, async function settle(request, reply) {
      const session = await sessionOf(context, request, reply);
      if (!session || (settling.charges && (await askForAddress(context, reply, session)))) return reply;
      const { outcome, method } = settling;
      const result = await context.store.settle(
        session.id,
        outcome,
        context.now(),
        method ? { paymentMethod: method } : {},
      );
      if (result.kind === 'missing') return reply.status(context.pages.unknown.status).send(context.pages.unknown.html);
      if (result.kind === 'settled') {
        request.log.info(
          { sessionId: session.id, outcome, method: result.session.paymentMethod, order: result.order?.id ?? null },
          'simulated session settled',
        );
        return reply.redirect(destination(context, result.session, outcome), 303);
      }
      if (landsWhereTheFirstDid(result.session, settling))
        return reply.redirect(destination(context, result.session, outcome), 303);
      // A Pix or boleto paid after its deadline: it expires now and is refused.
      const { status, html } = finishedPage(context.pages, await expireIfLate(context, result.session));
      return reply.status(status === 410 ? 409 : status).send(html);
    });
  }
};

/** Already finished by the same button (double click, back + resubmit, the other tab): it lands where the first did. */
function landsWhereTheFirstDid(
  session: { status: string; paymentMethod: string | null },
  { outcome, method }: Settling,
) {
  const asyncMethod = method === 'pix' || method === 'boleto' ? method : null;
  return session.status === outcome && (!asyncMethod || session.paymentMethod === asyncMethod);
}
