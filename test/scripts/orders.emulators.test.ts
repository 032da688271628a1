// @vitest-environment node
// `npm run orders` against the real Firestore emulator (the run's shared one): an order paid through the checkout
// store taken through its life (docs/requirements.md#order-lifecycle) by the command, in-process (runOrdersCommand),
// with what lands in `orders/{id}` and its session's mirror; the refusals and the usage; and one process for the
// wiring.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createFirestoreStore, ORDERS_COLLECTION, SESSIONS_COLLECTION } from '../../server/store/firestoreSessionStore';
import { openFirestore, type AdminFirestore } from '../../scripts/lib/firestoreAdmin';
import { runOrdersCommand } from '../../scripts/orders';
import { emulatorsUnavailable, useEmulators } from '../contracts/support/emulatorData';
import { aDelivery, aSession } from '../server/checkoutStore.contract';

const ROOT = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

const emulators = useEmulators();
let admin: AdminFirestore | undefined;
/** firebase-admin on the run's emulator, opened on first use. */
function db(): Firestore {
  admin ??= openFirestore({ kind: 'emulator', projectId: emulators().projectId, host: emulators().firestoreHost });
  return admin.db;
}
afterAll(async () => {
  await admin?.close();
});
beforeEach(async () => {
  await emulators().clearFirestore();
});

const emulatorEnv = () => ({
  ...process.env,
  FIRESTORE_EMULATOR_HOST: emulators().firestoreHost,
  GCLOUD_PROJECT: emulators().projectId,
});

// Paid on Tuesday 14/11/2023 at 19:14 in Brasília (22:14 UTC); each step a few hours after the one before.
const paidAt = 1_700_000_060_000;
const separatedAt = 1_700_003_660_000;
const shippedAt = 1_700_007_260_000;
const deliveredAt = 1_700_010_860_000;
const canceledAt = 1_700_014_460_000;
const refundedAt = 1_700_018_060_000;

/** `npm run orders -- <args>` in this process at `at`: its exit code and its lines, as printed. */
async function ordersCommand(args: string[], at = paidAt) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await runOrdersCommand(
    args,
    emulatorEnv(),
    { log: (line) => void lines.push(line), error: (line) => void errors.push(line) },
    () => at,
  );
  return { code, lines, errors };
}

/**
 * A session of Ana's (two jackets and a cap, R$ 1.059,70, plus R$ 34,90 of frete: R$ 1.094,60) paid by Pix
 * through the checkout store, as the payment page pays it.
 */
async function aPaidOrder(id: string, { email = 'ana@example.com' as string | null, at = paidAt } = {}) {
  const store = createFirestoreStore({ firestore: db() });
  await store.saveSession(
    aSession({ id, email, delivery: aDelivery({ amount: 3490 }), createdAt: at - 60_000, expiresAt: at + 3_600_000 }),
  );
  const settled = await store.settle(id, 'paid', at, { paymentMethod: 'pix' });
  expect(settled).toMatchObject({ kind: 'settled', order: { id } });
}

async function stored(id: string) {
  const [order, session] = await Promise.all([
    db().collection(ORDERS_COLLECTION).doc(id).get(),
    db().collection(SESSIONS_COLLECTION).doc(id).get(),
  ]);
  return { order: order.get('fulfilment') as unknown, session: session.get('fulfilment') as unknown };
}

describe.skipIf(emulatorsUnavailable())('npm run orders (Firestore emulator)', () => {
  it('takes a paid order through separar, enviar and entregar; the order and its session store each step', async () => {
    await aPaidOrder('cs_sim_pedido1');
    expect(await ordersCommand(['list'])).toEqual({
      code: 0,
      lines: ['cs_sim_pedido1  14/11/2023  ana@example.com  R$\u00a01.094,60  Pago'],
      errors: [],
    });

    expect(await ordersCommand(['separar', 'cs_sim_pedido1'], separatedAt)).toEqual({
      code: 0,
      lines: ['Pedido cs_sim_pedido1: Em separação.'],
      errors: [],
    });
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

    expect(await ordersCommand(['enviar', 'cs_sim_pedido1', '--rastreio', 'QB123456789BR'], shippedAt)).toEqual({
      code: 0,
      lines: ['Pedido cs_sim_pedido1: Enviado, rastreio QB123456789BR.'],
      errors: [],
    });
    expect((await ordersCommand(['list'])).lines).toEqual([
      'cs_sim_pedido1  14/11/2023  ana@example.com  R$\u00a01.094,60  Enviado  rastreio QB123456789BR',
    ]);

    expect(await ordersCommand(['entregar', 'cs_sim_pedido1'], deliveredAt)).toEqual({
      code: 0,
      lines: ['Pedido cs_sim_pedido1: Entregue.'],
      errors: [],
    });
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
    expect(await ordersCommand(['reembolsar', 'cs_sim_pedido1'], refundedAt)).toEqual({
      code: 1,
      lines: [],
      errors: ['Não é possível reembolsar um pedido com a situação "Entregue".'],
    });
    expect(await stored('cs_sim_pedido1')).toEqual({ order: delivered, session: delivered });
  });

  it('cancelar, then reembolsar records the refund and claims nothing more', async () => {
    await aPaidOrder('cs_sim_pedido2');
    expect(await ordersCommand(['cancelar', 'cs_sim_pedido2'], canceledAt)).toEqual({
      code: 0,
      lines: ['Pedido cs_sim_pedido2: Cancelado.'],
      errors: [],
    });
    expect(await ordersCommand(['reembolsar', 'cs_sim_pedido2'], refundedAt)).toEqual({
      code: 0,
      lines: ['Reembolso registrado.'],
      errors: [],
    });
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

    expect(await ordersCommand(['separar', 'cs_sim_nada'], separatedAt)).toEqual({
      code: 1,
      lines: [],
      errors: ['Pedido não encontrado: cs_sim_nada.'],
    });
    expect(await ordersCommand(['entregar', 'cs_sim_pedido3'], deliveredAt)).toEqual({
      code: 1,
      lines: [],
      errors: ['Não é possível entregar um pedido com a situação "Pago".'],
    });
    expect(await stored('cs_sim_pedido3')).toMatchObject({ order: paid, session: paid });

    await ordersCommand(['separar', 'cs_sim_pedido3'], separatedAt);
    expect(await ordersCommand(['enviar', 'cs_sim_pedido3', '--rastreio=123'], shippedAt)).toEqual({
      code: 1,
      lines: [],
      errors: ['Código de rastreio inválido: "123". Use o formato dos Correios, como AA123456789BR.'],
    });
    expect(await stored('cs_sim_pedido3')).toMatchObject({
      order: { status: 'em_separacao', trackingCode: null },
      session: { status: 'em_separacao', trackingCode: null },
    });
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
