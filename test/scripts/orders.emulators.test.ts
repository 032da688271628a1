// @vitest-environment node
// `npm run orders` against the real Firestore emulator (the run's shared one): an order paid through the checkout
// store taken through its life (docs/requirements.md#order-lifecycle) by the command, in-process (runOrdersCommand),
// with what lands in `orders/{id}` and its session's mirror; the refund through the payment provider (simulated by
// default, Stripe against a local stand-in on 127.0.0.1); the refusals and the usage; and one process for the wiring.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentProvider } from '../../server/payments/paymentsPort';
import { paymentProviderFor } from '../../server/payments/providerFromConfig';
import { createStripeClient } from '../../server/payments/stripe';
import { loadConfig } from '../../server/serverConfig';
import { createFirestoreStore, ORDERS_COLLECTION, SESSIONS_COLLECTION } from '../../server/store/firestoreSessionStore';
import { paymentsFromEnv, runOrdersCommand } from '../../scripts/orders';
import { emulatorsUnavailable, useAdminFirestore, useEmulators } from '../contracts/support/emulatorData';
import { aDelivery, aSession } from '../server/checkoutStore.contract';
import { startCaptureServer, type CapturedRequest } from '../server/support';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

const emulators = useEmulators();
/** firebase-admin on the run's emulator; the database is cleared before each test. */
const db = useAdminFirestore(emulators);

const emulatorEnv = (payments: Record<string, string> = {}) => ({
  ...process.env,
  FIRESTORE_EMULATOR_HOST: emulators().firestoreHost,
  GCLOUD_PROJECT: emulators().projectId,
  // The payment settings as `npm start` has them (none: simulated), unless a test names them; empty is unset.
  PAYMENT_PROVIDER: '',
  STRIPE_SECRET_KEY: '',
  ...payments,
});

// Paid on Tuesday 14/11/2023 at 19:14 in Brasília (22:14 UTC); each step a few hours after the one before.
const paidAt = 1_700_000_060_000;
const separatedAt = 1_700_003_660_000;
const shippedAt = 1_700_007_260_000;
const deliveredAt = 1_700_010_860_000;
const canceledAt = 1_700_014_460_000;
const refundedAt = 1_700_018_060_000;

/** Every order the payment provider was asked to refund, by id, in this test. */
let refundsAsked: string[] = [];
beforeEach(() => {
  refundsAsked = [];
});
/** The provider `reembolsar` builds from the environment, counted. */
const counted =
  (build: (env: NodeJS.ProcessEnv, now: () => number) => PaymentProvider = paymentsFromEnv) =>
  (env: NodeJS.ProcessEnv, now: () => number): PaymentProvider => {
    const provider = build(env, now);
    return { ...provider, refund: (order) => (refundsAsked.push(order.id), provider.refund(order)) };
  };

/** `npm run orders -- <args>` in this process at `at`: its exit code and its lines, as printed. */
async function ordersCommand(
  args: string[],
  at = paidAt,
  {
    env = emulatorEnv(),
    payments = counted(),
  }: { env?: NodeJS.ProcessEnv; payments?: ReturnType<typeof counted> } = {},
) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runOrdersCommand(
    args,
    env,
    { log: (line) => void lines.push(line), error: (line) => void errors.push(line) },
    () => at,
    payments,
  );
  return { code, lines, errors };
}

/**
 * A session of Ana's (two jackets and a cap, R$ 1.059,70, plus R$ 34,90 of frete: R$ 1.094,60) paid by Pix
 * through the checkout store, as the payment page pays it.
 */
async function aPaidOrder(
  id: string,
  {
    email = 'ana@example.com' as string | null,
    at = paidAt,
    provider = 'simulated' as 'simulated' | 'stripe',
    paymentIntentId = undefined as string | undefined,
  } = {},
) {
  const store = createFirestoreStore({ firestore: db() });
  await store.saveSession(
    aSession({
      id,
      provider,
      email,
      delivery: aDelivery({ amount: 3490 }),
      createdAt: at - 60_000,
      expiresAt: at + 3_600_000,
    }),
  );
  const settled = await store.settle(id, 'paid', at, {
    paymentMethod: 'pix',
    ...(paymentIntentId ? { paymentIntentId } : {}),
  });
  expect(settled).toMatchObject({ kind: 'settled', order: { id } });
}

/** A paid order, canceled before it shipped: reembolsar may take it. */
async function aCanceledOrder(id: string, options: Parameters<typeof aPaidOrder>[1] = {}) {
  await aPaidOrder(id, options);
  expect(await ordersCommand(['cancelar', id], canceledAt)).toMatchObject({ code: 0 });
}

const canceled = {
  status: 'cancelado',
  history: [
    { status: 'pago', at: paidAt },
    { status: 'cancelado', at: canceledAt },
  ],
  trackingCode: null,
  deliveredAt: null,
  returnReason: null,
};

/** What `orders/{id}` holds of its payment and refund. */
async function storedRefund(id: string) {
  const order = await db().collection(ORDERS_COLLECTION).doc(id).get();
  return { paymentIntentId: order.get('paymentIntentId') as unknown, refund: order.get('refund') as unknown };
}

async function stored(id: string) {
  const [order, session] = await Promise.all([
    db().collection(ORDERS_COLLECTION).doc(id).get(),
    db().collection(SESSIONS_COLLECTION).doc(id).get(),
  ]);
  return { order: order.get('fulfilment') as unknown, session: session.get('fulfilment') as unknown };
}

/** What the command answers when it takes the step: exit 0 and this one line. */
const printed = (line: string) => ({ code: 0, lines: [line], errors: [] });
/** What it answers when it refuses: exit 1, nothing printed, this one error. */
const refused = (error: string) => ({ code: 1, lines: [], errors: [error] });

// Skipped only where the emulators cannot start outside CI (no gcloud or Java); under CI=true the global setup fails
// instead (test/contracts/support/emulatorData.ts).
describe.skipIf(emulatorsUnavailable())('npm run orders (Firestore emulator)', () => {
  it('takes a paid order through separar, enviar and entregar; the order and its session store each step', async () => {
    await aPaidOrder('cs_sim_pedido1');
    expect(await ordersCommand(['list'])).toEqual(
      printed('cs_sim_pedido1  14/11/2023  ana@example.com  R$\u00a01.094,60  Pago'),
    );

    expect(await ordersCommand(['separar', 'cs_sim_pedido1'], separatedAt)).toEqual(
      printed('Pedido cs_sim_pedido1: Em separação.'),
    );
    const separated = {
      status: 'em_separacao',
      history: [
        { status: 'pago', at: paidAt },
        { status: 'em_separacao', at: separatedAt },
      ],
      trackingCode: null,
      deliveredAt: null,
      returnReason: null,
    };
    expect(await stored('cs_sim_pedido1')).toEqual({ order: separated, session: separated });

    expect(await ordersCommand(['enviar', 'cs_sim_pedido1', '--rastreio', 'QB123456789BR'], shippedAt)).toEqual(
      printed('Pedido cs_sim_pedido1: Enviado, rastreio QB123456789BR.'),
    );
    expect((await ordersCommand(['list'])).lines).toEqual([
      'cs_sim_pedido1  14/11/2023  ana@example.com  R$\u00a01.094,60  Enviado  rastreio QB123456789BR',
    ]);

    expect(await ordersCommand(['entregar', 'cs_sim_pedido1'], deliveredAt)).toEqual(
      printed('Pedido cs_sim_pedido1: Entregue.'),
    );
    const delivered = {
      status: 'entregue',
      history: [
        { status: 'pago', at: paidAt },
        { status: 'em_separacao', at: separatedAt },
        { status: 'enviado', at: shippedAt },
        { status: 'entregue', at: deliveredAt },
      ],
      trackingCode: 'QB123456789BR',
      deliveredAt,
      returnReason: null,
    };
    expect(await stored('cs_sim_pedido1')).toEqual({ order: delivered, session: delivered });

    // Delivered: only the shopper's return request leads to a refund.
    expect(await ordersCommand(['reembolsar', 'cs_sim_pedido1'], refundedAt)).toEqual(
      refused('Não é possível reembolsar um pedido com a situação "Entregue".'),
    );
    expect(refundsAsked).toEqual([]);
    expect(await stored('cs_sim_pedido1')).toEqual({ order: delivered, session: delivered });
  });

  it('cancelar, then reembolsar gives back the products and the frete (simulated) and records the refund once', async () => {
    await aPaidOrder('cs_sim_pedido2');
    expect(await ordersCommand(['cancelar', 'cs_sim_pedido2'], canceledAt)).toEqual(
      printed('Pedido cs_sim_pedido2: Cancelado.'),
    );
    expect(await ordersCommand(['reembolsar', 'cs_sim_pedido2'], refundedAt)).toEqual(
      printed('Reembolso de R$\u00a01.094,60 feito (simulated, sim_refund_cs_sim_pedido2).'),
    );
    expect(refundsAsked).toEqual(['cs_sim_pedido2']);
    const refund = { provider: 'simulated', id: 'sim_refund_cs_sim_pedido2', amount: 109460, at: refundedAt };
    expect(await storedRefund('cs_sim_pedido2')).toEqual({ paymentIntentId: null, refund });

    // Again: the lifecycle refuses it before the provider is asked; the first refund stays.
    expect(await ordersCommand(['reembolsar', 'cs_sim_pedido2'], refundedAt + 60_000)).toEqual(
      refused('Não é possível reembolsar um pedido com a situação "Reembolsado".'),
    );
    expect(refundsAsked).toEqual(['cs_sim_pedido2']);
    expect(await storedRefund('cs_sim_pedido2')).toEqual({ paymentIntentId: null, refund });
    const refunded = {
      status: 'reembolsado',
      history: [
        { status: 'pago', at: paidAt },
        { status: 'cancelado', at: canceledAt },
        { status: 'reembolsado', at: refundedAt },
      ],
      trackingCode: null,
      deliveredAt: null,
      returnReason: null,
    };
    expect(await stored('cs_sim_pedido2')).toEqual({ order: refunded, session: refunded });
  });

  it('refuses an unknown order, a step out of turn and a malformed tracking code, changing nothing', async () => {
    await aPaidOrder('cs_sim_pedido3');
    const paid = { status: 'pago', history: [{ status: 'pago', at: paidAt }] };

    expect(await ordersCommand(['separar', 'cs_sim_nada'], separatedAt)).toEqual(
      refused('Pedido não encontrado: cs_sim_nada.'),
    );
    expect(await ordersCommand(['entregar', 'cs_sim_pedido3'], deliveredAt)).toEqual(
      refused('Não é possível entregar um pedido com a situação "Pago".'),
    );
    expect(await stored('cs_sim_pedido3')).toMatchObject({ order: paid, session: paid });

    await ordersCommand(['separar', 'cs_sim_pedido3'], separatedAt);
    expect(await ordersCommand(['enviar', 'cs_sim_pedido3', '--rastreio=123'], shippedAt)).toEqual(
      refused('Código de rastreio inválido: "123". Use o formato dos Correios, como AA123456789BR.'),
    );
    expect(await stored('cs_sim_pedido3')).toMatchObject({
      order: { status: 'em_separacao', trackingCode: null },
      session: { status: 'em_separacao', trackingCode: null },
    });
  });

  it('a provider that gives nothing back: exit 1 with why, in pt-BR, and nothing recorded', async () => {
    // Paid through Stripe, the backend set to the simulated page (the default).
    await aCanceledOrder('cs_test_stripe1', { provider: 'stripe', paymentIntentId: 'pi_3Q0pedido' });
    expect(await ordersCommand(['reembolsar', 'cs_test_stripe1'], refundedAt)).toEqual({
      code: 1,
      lines: [],
      errors: [
        'Não foi possível reembolsar o pedido cs_test_stripe1: ele foi pago com stripe e os pagamentos configurados são simulated (PAYMENT_PROVIDER). Nada foi registrado.',
      ],
    });
    // Paid through Stripe before its PaymentIntent was kept: Stripe cannot be told what to refund.
    await aCanceledOrder('cs_test_stripe2', { provider: 'stripe' });
    const stripeEnv = emulatorEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' });
    expect(await ordersCommand(['reembolsar', 'cs_test_stripe2'], refundedAt, { env: stripeEnv })).toEqual({
      code: 1,
      lines: [],
      errors: [
        'Não foi possível reembolsar o pedido cs_test_stripe2: ele não guarda o pagamento da Stripe (foi pago antes de o guardarmos). Faça o reembolso no painel da Stripe. Nada foi registrado.',
      ],
    });
    // Settings the backend would not start with.
    const noKey = await ordersCommand(['reembolsar', 'cs_test_stripe2'], refundedAt, {
      env: emulatorEnv({ PAYMENT_PROVIDER: 'stripe' }),
    });
    expect(noKey).toEqual({
      code: 1,
      lines: [],
      errors: [
        'orders: configuração de pagamento inválida: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (the secret key stays on the backend).',
      ],
    });
    expect(refundsAsked).toEqual(['cs_test_stripe1', 'cs_test_stripe2']);
    for (const id of ['cs_test_stripe1', 'cs_test_stripe2']) {
      expect(await stored(id)).toEqual({ order: canceled, session: canceled });
      expect((await storedRefund(id)).refund).toBeNull();
    }
  });

  it("Stripe (a local stand-in on 127.0.0.1): the order's PaymentIntent refunded; a refusal records nothing", async () => {
    let answer: (request: CapturedRequest) => { status: number; body: unknown } = () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Charge ch_1 is disputed.' } },
    });
    const stripeApi = await startCaptureServer((request) => answer(request));
    try {
      const stripe = createStripeClient({
        secretKey: 'sk_test_123',
        host: '127.0.0.1',
        port: stripeApi.port,
        protocol: 'http',
      });
      const env = emulatorEnv({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_123' });
      const payments = counted((settings, now) => paymentProviderFor(loadConfig(settings), { stripe, now }));
      await aCanceledOrder('cs_test_stripe3', { provider: 'stripe', paymentIntentId: 'pi_3Q0pedido' });
      expect(await storedRefund('cs_test_stripe3')).toEqual({ paymentIntentId: 'pi_3Q0pedido', refund: null });

      expect(await ordersCommand(['reembolsar', 'cs_test_stripe3'], refundedAt, { env, payments })).toEqual({
        code: 1,
        lines: [],
        errors: [
          'Não foi possível reembolsar o pedido cs_test_stripe3 pelo meio de pagamento: StripeInvalidRequestError: Charge ch_1 is disputed. Nada foi registrado.',
        ],
      });
      expect(await stored('cs_test_stripe3')).toEqual({ order: canceled, session: canceled });

      // Stripe's refund is dated by Stripe: the step takes its time.
      const created = Math.floor(refundedAt / 1000) + 2;
      answer = () => ({
        status: 200,
        body: {
          id: 're_3Q0pedido',
          object: 'refund',
          amount: 109460,
          status: 'succeeded',
          payment_intent: 'pi_3Q0pedido',
          created,
        },
      });
      expect(await ordersCommand(['reembolsar', 'cs_test_stripe3'], refundedAt, { env, payments })).toEqual(
        printed('Reembolso de R$\u00a01.094,60 feito (stripe, re_3Q0pedido).'),
      );
      const requests = stripeApi.requests.map((request) => ({
        path: request.path,
        key: request.headers['idempotency-key'],
        form: Object.fromEntries(request.form),
      }));
      const asked = {
        path: '/v1/refunds',
        key: 'refund-cs_test_stripe3',
        form: { payment_intent: 'pi_3Q0pedido', amount: '109460' },
      };
      expect(requests).toEqual([asked, asked]);
      expect(await storedRefund('cs_test_stripe3')).toEqual({
        paymentIntentId: 'pi_3Q0pedido',
        refund: { provider: 'stripe', id: 're_3Q0pedido', amount: 109460, at: created * 1000 },
      });
      expect((await stored('cs_test_stripe3')).order).toMatchObject({
        status: 'reembolsado',
        history: [{ status: 'pago' }, { status: 'cancelado' }, { status: 'reembolsado', at: created * 1000 }],
      });
    } finally {
      await stripeApi.close();
    }
  });

  it('a bad command line: exit 2 with the usage, nothing written', async () => {
    await aPaidOrder('cs_sim_pedido4');
    const refusals: [string[], string][] = [
      [[], 'orders: falta o comando'],
      [['apagar', 'cs_sim_pedido4'], 'orders: comando desconhecido: "apagar"'],
      [['separar'], 'orders: separar pede o id do pedido'],
      [['enviar', 'cs_sim_pedido4'], 'orders: enviar pede o código de rastreio: --rastreio <código>'],
      [['enviar', 'cs_sim_pedido4', '--rastreio'], 'orders: enviar pede o código de rastreio: --rastreio <código>'],
      [['list', '--todos'], 'orders: argumento desconhecido: "--todos"'],
    ];
    for (const [args, reason] of refusals) {
      const refused = await ordersCommand(args, separatedAt);
      expect({ args, code: refused.code, lines: refused.lines }).toEqual({ args, code: 2, lines: [] });
      expect(refused.errors).toHaveLength(1);
      const [firstLine, usage] = refused.errors[0]!.split(/\n(?=uso: )/);
      expect(firstLine).toBe(reason);
      expect(usage).toMatch(/^uso: npm run orders -- <comando>\n/);
      expect(usage).toContain('enviar <id> --rastreio <código>');
    }
    expect(await stored('cs_sim_pedido4')).toMatchObject({ order: { status: 'pago' }, session: { status: 'pago' } });
  });

  it('list: newest payment first; an order from before its life was stored reads as Pago; no e-mail is said', async () => {
    expect(await ordersCommand(['list'])).toEqual({ code: 0, lines: ['Nenhum pedido pago.'], errors: [] });
    await aPaidOrder('cs_sim_antigo');
    // As orders were written before their life was stored: no fulfilment field.
    await db().collection(ORDERS_COLLECTION).doc('cs_sim_antigo').update({ fulfilment: FieldValue.delete() });
    // Paid on 31/12/2023 at 22:30 in Brasília: already 2024 in UTC.
    await aPaidOrder('cs_sim_novo', { email: null, at: 1_704_072_600_000 });

    expect((await ordersCommand(['list'])).lines).toEqual([
      'cs_sim_novo  31/12/2023  sem e-mail  R$\u00a01.094,60  Pago',
      'cs_sim_antigo  14/11/2023  ana@example.com  R$\u00a01.094,60  Pago',
    ]);
    expect(await ordersCommand(['separar', 'cs_sim_antigo'], separatedAt)).toMatchObject({ code: 0 });
    expect((await stored('cs_sim_antigo')).order).toEqual({
      status: 'em_separacao',
      history: [
        { status: 'pago', at: paidAt },
        { status: 'em_separacao', at: separatedAt },
      ],
      trackingCode: null,
      deliveredAt: null,
      returnReason: null,
    });
  });

  it('a stored fulfilment that is not one: exit 1 naming the document, not a crash', async () => {
    await aPaidOrder('cs_sim_estragado');
    await db()
      .collection(ORDERS_COLLECTION)
      .doc('cs_sim_estragado')
      .update({ fulfilment: { status: 'perdido', history: [] } });
    for (const args of [['list'], ['separar', 'cs_sim_estragado']]) {
      const failed = await ordersCommand(args, separatedAt);
      expect(failed.code).toBe(1);
      expect(failed.errors[0]).toContain('Malformed orders document "cs_sim_estragado"');
    }
  });

  it('npm run orders list, as a process: the emulator named by the environment, one line per order', async () => {
    await aPaidOrder('cs_sim_pedido5');
    const { stdout, stderr } = await run(
      process.execPath,
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/orders.ts', 'list'],
      { cwd: ROOT, env: emulatorEnv(), timeout: 60_000 },
    );
    expect({ stdout, stderr }).toEqual({
      stdout: 'cs_sim_pedido5  14/11/2023  ana@example.com  R$\u00a01.094,60  Pago\n',
      stderr: '',
    });
  }, 60_000);
});
