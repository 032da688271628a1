// Frete by CEP end to end (docs/requirements.md#delivery), in Chromium on the full local stack: the product page's estimator, then the
// Pix purchase, with Expressa: its delivery goes from /checkout through the pay page's Entrega step to "Meus
// pedidos", which shows it paid by Pix. Every price is worked out by hand from the rate card in
// src/domain/delivery.ts's comments, every window by test/e2e/support/deliveryWindow.ts. The other purchases: by
// card with Econômica (journey.ts), by boleto with Expressa (the a11y purchase walk, routes.a11y.ts). Registered by
// checkout-and-orders.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { runOrdersCommand } from '../../scripts/orders';
import { openFirestore, withFirestore } from '../../scripts/lib/firestoreAdmin';
import { ORDERS_COLLECTION, SESSIONS_COLLECTION } from '../../server/store/firestoreSessionStore';
import type { Order, StoredSession } from '../../server/store/sessionStorePort';
import type { Fulfilment } from '../../src/domain/fulfilment';
import { axeViolations } from './support/axe';
import { expectedWindow } from './support/deliveryWindow';
import type { E2E } from './support/e2e';
import { addAndGoToCheckout, DELIVERY_ADDRESS, fillDeliveryStep, visit, waitForPayPage } from './support/storefront';

const jackets = catalog[0]!;
/**
 * Parka Verde-Oliva, R$ 459,90, 33 units in seed/seedStock.ts: no other browser test buys it, so its stock moves
 * only with this purchase and its refund.
 */
const parka = jackets.products.find((product) => product.id === 'parka-verde-oliva')!;
const PARKA_SEEDED_UNITS = 33;
const camiseta = catalog
  .find((category) => category.id === 'male')!
  .products.find((product) => product.id === 'camiseta-branca')!;
/**
 * `npm run orders` on the stack's emulator, in this process: each call's exit code, every line it printed; and the
 * units a product has in stock, read as the shop owner would in the console (its products document).
 */
function shopOwner(stack: Pick<E2E, 'firestoreHost' | 'projectId'>) {
  const lines: string[] = [];
  const collect = (line: string) => void lines.push(line);
  const env = { ...process.env, FIRESTORE_EMULATOR_HOST: stack.firestoreHost, GCLOUD_PROJECT: stack.projectId };
  const target = { kind: 'emulator', projectId: stack.projectId, host: stack.firestoreHost } as const;
  return {
    lines,
    run: (args: string[]) => runOrdersCommand(args, env, { log: collect, error: collect }),
    unitsOf: (productId: string) =>
      withFirestore(
        target,
        async (db) => (await db.collection('products').doc(productId).get()).get('stock') as unknown,
      ),
  };
}

const DAY = 86_400_000;

/**
 * A Pix order of one Boina de Lã Marrom (R$ 99,90) paid 12 days before `now`, picked 11, sent 10 and delivered
 * exactly 8 days before: 8 Brasília calendar days, one past the 7 of CDC art. 49. Written with admin credentials
 * as the backend writes them (the order, and the checkout document Meus pedidos reads).
 */
function anOrderDeliveredEightDaysAgo(
  uid: string,
  email: string,
  now: number,
): { session: StoredSession; order: Order } {
  const id = `cs_sim_day8_${now.toString(36)}`;
  const paidAt = now - 12 * DAY;
  const fulfilment: Fulfilment = {
    status: 'entregue',
    history: [
      { status: 'pago', at: paidAt },
      { status: 'em_separacao', at: now - 11 * DAY },
      { status: 'enviado', at: now - 10 * DAY },
      { status: 'entregue', at: now - 8 * DAY },
    ],
    trackingCode: 'QB123456785BR',
    deliveredAt: now - 8 * DAY,
    returnReason: null,
  };
  const lineItems = [{ productId: 'boina-la-marrom', name: 'Boina de Lã Marrom', unitAmount: 9990, quantity: 1 }];
  // What the order and its checkout document both say of the purchase.
  const purchase = {
    id,
    provider: 'simulated',
    uid,
    email,
    lineItems,
    amountTotal: 9990,
    currency: 'brl',
    delivery: null,
    paymentMethod: 'pix',
  } as const;
  const order: Order = { ...purchase, paidAt, paymentIntentId: null, fulfilment, refund: null };
  const session: StoredSession = {
    ...purchase,
    status: 'paid',
    successUrl: 'http://localhost/payment-confirmation?success=true',
    cancelUrl: 'http://localhost/payment-confirmation?canceled=true',
    createdAt: paidAt - 60_000,
    expiresAt: paidAt + 30 * 60_000,
    finishedAt: paidAt,
    pix: null,
    boleto: null,
    idempotencyKey: null,
    fulfilment,
  };
  return { session, order };
}

/** axe on the page as it is at 1280 px and at a phone's 375 px, then back to the width it had: both widths of a state. */
async function axeAtBothWidths(page: Page): Promise<Record<number, unknown[]>> {
  const found: Record<number, unknown[]> = {};
  const before = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    found[width] = await axeViolations(page);
  }
  if (before) await page.setViewportSize(before);
  return found;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').replace(/\u00a0/g, ' ');

/** The estimator's options as the shopper reads them: one line per radio. */
async function shownOptions(page: Page): Promise<string[]> {
  const group = page.getByRole('main').getByRole('group', { name: 'Opções de entrega' });
  await group.waitFor();
  const labels = await group.locator('label').allTextContents();
  return labels.map((label) => label.replace(/\u00a0/g, ' '));
}

export function registerDelivery(env: () => E2E) {
  describe('frete by CEP (product page, checkout, Entrega step, Meus pedidos)', () => {
    for (const width of [1280, 375]) {
      it(`product page at ${width} px: a refused CEP, then two options with prices and dates (axe 0 on both)`, async () => {
        const shopper = await env().newShopper({ width, height: 900 });
        const { page } = shopper;
        try {
          await visit(page, `/product/${camiseta.id}`);
          const field = page.getByRole('main').getByLabel('Calcular frete', { exact: true });
          await field.fill('1234-567');
          await field.press('Enter');
          await page
            .getByRole('main')
            .getByRole('alert')
            .filter({ hasText: 'CEP inválido. Use 8 números, como 01310-100.' })
            .waitFor();
          expect(await axeViolations(page), `axe on the refused CEP at ${width} px`).toEqual([]);

          // Camiseta Branca (male: 450 g + 200 g of packaging = 650 g, under 1 kg) to Rio de Janeiro (zone SE):
          // Econômica R$ 19,90 in 3–6 business days, Expressa R$ 29,90 in 1–3, each after a day of handling.
          await field.fill('20040-002');
          await page.getByRole('main').getByRole('button', { name: 'Calcular', exact: true }).click();
          const options = await shownOptions(page);
          expect(options).toHaveLength(2);
          expect(options[0]).toContain('Econômica');
          expect(options[0]).toContain('R$ 19,90');
          expect(options[0]).toContain(`Chega ${expectedWindow(3, 6)}`);
          expect(options[1]).toContain('Expressa');
          expect(options[1]).toContain('R$ 29,90');
          expect(options[1]).toContain(`Chega ${expectedWindow(1, 3)}`);
          expect(await axeViolations(page), `axe on the options at ${width} px`).toEqual([]);
          // The CEP is remembered under its own key; the cart's key is untouched.
          expect(await page.evaluate(() => window.localStorage.getItem('deliveryCep'))).toContain('20040002');
          expect(shopper.pageErrors).toEqual([]);
        } finally {
          await shopper.close();
        }
      }, 120_000);
    }

    it('cart → /checkout with Expressa → Entrega → Pix → Meus pedidos says what, where, how and when, paid by Pix; the shop owner ships and delivers it by npm run orders, and Meus pedidos follows; the shopper returns it and the shop owner refunds it; the checkout takes a unit of stock, the payment keeps it sold and the refund gives it back', async () => {
      const account = await env().createAccount('frete');
      const shopper = await env().newShopper({ account });
      const { page } = shopper;
      try {
        const owner = shopOwner(env());
        expect(await owner.unitsOf(parka.id), 'the seeded units').toBe(PARKA_SEEDED_UNITS);
        await addAndGoToCheckout(page, jackets.id, parka.name);

        // Parka Verde-Oliva (jackets: 1,200 g + 200 g = 1,400 g) to São Paulo (zone SP): Expressa R$ 24,90 for
        // the first kilo + R$ 4,00 for the next 500 g = R$ 28,90, 1–2 business days; Econômica is free from
        // R$ 299,00. With the parka's R$ 459,90: R$ 488,80.
        const field = page.getByRole('main').getByLabel('Calcular frete', { exact: true });
        await field.fill(DELIVERY_ADDRESS.cep);
        await field.press('Enter');
        const options = await shownOptions(page);
        expect(options[0]).toContain('Grátis');
        await page
          .getByRole('main')
          .getByRole('radio', { name: /^Expressa/ })
          .check();
        await expect.poll(() => text(page, 'checkout-delivery')).toBe('R$ 28,90');
        expect(await text(page, 'checkout-total-with-delivery')).toBe('R$ 488,80');
        await page.getByRole('button', { name: 'Finalizar Compra' }).click();
        await waitForPayPage(page, env().backend);
        expect(await owner.unitsOf(parka.id), 'one unit reserved by the checkout').toBe(PARKA_SEEDED_UNITS - 1);

        // The pay page quoted again on the server: Expressa pre-chosen, the CEP pre-filled.
        await page.getByRole('heading', { level: 1, name: 'Entrega' }).waitFor();
        expect(await page.getByLabel('CEP', { exact: true }).inputValue()).toBe(DELIVERY_ADDRESS.cep);
        expect(await page.getByRole('radio', { name: 'Expressa', exact: true }).isChecked()).toBe(true);
        await fillDeliveryStep(page, 'Expressa');
        expect(await text(page, 'products-total')).toBe('R$ 459,90');
        expect(await text(page, 'frete')).toBe('R$ 28,90');
        expect(await text(page, 'total')).toBe('R$ 488,80');

        await page.getByRole('link', { name: 'Pix', exact: true }).click();
        await page.getByRole('button', { name: 'Pagar com Pix' }).click();
        // The Pix page (QR code, copy-and-paste code, countdown) is reached only here: axe checks it here.
        await page.getByRole('heading', { name: 'Pagamento com Pix' }).waitFor();
        expect(await axeViolations(page), 'axe-core on the Pix page').toEqual([]);
        // The BR Code carries the whole amount, frete included (EMV field 54).
        expect(await page.locator('body').textContent()).toContain('5406488.80');
        await page.getByRole('button', { name: 'Simular pagamento do Pix' }).click();
        await page.waitForURL(
          (url) => url.href.startsWith(env().storefront) && url.pathname === '/payment-confirmation',
        );
        await page.getByRole('heading', { name: 'Sua compra foi finalizada com sucesso!' }).waitFor();

        await page.getByRole('navigation', { name: 'Rodapé' }).getByRole('link', { name: 'Meus pedidos' }).click();
        await page.waitForURL('**/pedidos');
        const order = page.getByRole('article');
        await order.first().waitFor();
        expect(await order.count(), 'one order').toBe(1);
        const shown = ((await order.textContent()) ?? '').replace(/\u00a0/g, ' ');
        expect(shown).toContain(
          `Entrega: Expressa · R$ 28,90 · chega ${expectedWindow(1, 2)} · Rua Augusta, 100, apto 12 — São Paulo/SP`,
        );
        expect(shown).toContain(`1 × ${parka.name}`);
        expect(shown).toContain('Maria Silva');
        expect(shown).toContain('R$ 488,80');
        expect(shown).toContain('PagamentoPix');
        expect(shown).toContain('SituaçãoPago');
        expect(await axeViolations(page), 'axe on Meus pedidos with a delivery').toEqual([]);

        // Paid: the reserved unit is sold. The shop owner finds the order by the shopper's e-mail and takes it
        // through separar, enviar, entregar.
        expect(await owner.unitsOf(parka.id), 'the unit sold').toBe(PARKA_SEEDED_UNITS - 1);
        expect(await owner.run(['list'])).toBe(0);
        const orderId = owner.lines.find((line) => line.includes(account.email))?.split(/\s+/)[0];
        expect(orderId, `the order of ${account.email} in: ${owner.lines.join('\n')}`).toBeTruthy();
        expect(await owner.run(['separar', orderId!])).toBe(0);
        expect(await owner.run(['enviar', orderId!, '--rastreio', 'QB123456789BR'])).toBe(0);
        expect(await owner.run(['entregar', orderId!])).toBe(0);
        await page.reload();
        await order.first().waitFor();
        await page.getByRole('list', { name: 'Andamento do pedido' }).waitFor();
        const delivered = ((await order.textContent()) ?? '').replace(/\u00a0/g, ' ');
        expect(delivered).toContain('SituaçãoEntregue');
        expect(delivered).toContain('Código de rastreio: QB123456789BR');
        const steps = await page
          .getByRole('list', { name: 'Andamento do pedido' })
          .getByRole('listitem')
          .allTextContents();
        expect(steps.map((step) => step.split(' — ')[0])).toEqual(['Pago', 'Em separação', 'Enviado', 'Entregue']);
        expect(await axeAtBothWidths(page), 'axe on Meus pedidos with a delivered order').toEqual({
          1280: [],
          375: [],
        });

        // Within the 7 days the shopper asks to return it; the shop owner refunds it, frete included.
        await order.getByRole('button', { name: 'Solicitar devolução' }).click();
        await order.getByRole('radio', { name: 'O tamanho não serviu' }).check();
        expect(await axeAtBothWidths(page), 'axe on the return form').toEqual({ 1280: [], 375: [] });
        await order.getByRole('button', { name: 'Confirmar devolução' }).click();
        await order.getByText('Recebemos seu pedido de devolução. O reembolso inclui o frete.').waitFor();
        expect(((await order.textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('SituaçãoDevolução solicitada');
        expect(await owner.run(['reembolsar', orderId!])).toBe(0);
        expect(await owner.unitsOf(parka.id), 'the refunded unit back in stock').toBe(PARKA_SEEDED_UNITS);
        expect(owner.lines.at(-1)?.replace(/\u00a0/g, ' ')).toBe(
          `Reembolso de R$ 488,80 feito (simulated, sim_refund_${orderId}).`,
        );
        await page.reload();
        await order.first().waitFor();
        await expect
          .poll(async () => ((await order.textContent()) ?? '').replace(/\u00a0/g, ' '))
          .toContain('SituaçãoReembolsado');
        expect(await order.getByRole('button', { name: 'Solicitar devolução' }).count()).toBe(0);
        expect(await axeAtBothWidths(page), 'axe on Meus pedidos with a refunded order').toEqual({ 1280: [], 375: [] });
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 150_000);

    it('an order delivered 8 days ago: Meus pedidos shows no "Solicitar devolução" on a phone, and the backend refuses the return with the reason (axe 0 at 375 and 1280 px)', async () => {
      const stack = env();
      const account = await stack.createAccount('dia8');
      const { session, order } = anOrderDeliveredEightDaysAgo(account.uid, account.email, Date.now());
      const admin = openFirestore({ kind: 'emulator', projectId: stack.projectId, host: stack.firestoreHost });
      try {
        await admin.db.collection(ORDERS_COLLECTION).doc(order.id).set(order);
        await admin.db.collection(SESSIONS_COLLECTION).doc(session.id).set(session);
      } finally {
        await admin.close();
      }
      const shopper = await stack.newShopper({ account, width: 375, height: 800 });
      const { page } = shopper;
      try {
        await visit(page, '/pedidos');
        const shown = page.getByRole('article');
        await shown.first().waitFor();
        await page.getByRole('list', { name: 'Andamento do pedido' }).waitFor();
        const words = ((await shown.textContent()) ?? '').replace(/\u00a0/g, ' ');
        expect(words).toContain('SituaçãoEntregue');
        expect(words).toContain('1 × Boina de Lã Marrom');
        expect(await shown.getByRole('button', { name: 'Solicitar devolução' }).count()).toBe(0);
        expect(await axeAtBothWidths(page), 'axe on Meus pedidos past the 7 days').toEqual({ 1280: [], 375: [] });

        // Asked anyway, with the shopper's own token: refused, saying why, and the order is unchanged.
        const response = await fetch(`${stack.backend}/orders/${order.id}/return`, {
          method: 'POST',
          headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: 'arrependimento' }),
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(JSON.stringify(await response.json())).toContain(
          'O prazo de devolução terminou: o pedido foi entregue há 8 dias e a devolução vale por até 7 dias após a entrega (CDC, art. 49).',
        );
        await page.reload();
        await shown.first().waitFor();
        expect(((await shown.textContent()) ?? '').replace(/\u00a0/g, ' ')).toContain('SituaçãoEntregue');
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 90_000);
  });
}
