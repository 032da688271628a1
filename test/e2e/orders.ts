// "Meus pedidos" end to end (issue 11), in Chromium on the full local stack with the simulated provider's Pix
// and boleto: the order shows up with the status the backend wrote. Texts written out on purpose. The card
// path is the journey's (journey.ts). Registered by checkout-and-orders.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { axeViolations } from './support/axe';
import type { E2E } from './support/e2e';
import {
  addAndGoToCheckout,
  fillDeliveryStep,
  poll,
  settled,
  signUp,
  visit,
  waitForPayPage,
} from './support/storefront';

const jackets = catalog[0]!;
const jaqueta = jackets.products[0]!;
/** A valid CPF (check digits), the usual test number. */
const CPF = '529.982.247-25';

async function signUpAndPay(env: () => E2E, page: Page) {
  await signUp(page, 'pedidos');
  await addAndGoToCheckout(page, jackets.id, jaqueta.name);
  await page.getByRole('button', { name: 'Finalizar Compra' }).click();
  await waitForPayPage(page, env().backend);
}

/** The one order on "Meus pedidos", as the shopper reads it (reached from the footer link). */
async function myOnlyOrder(page: Page) {
  await page.getByRole('navigation', { name: 'Rodapé' }).getByRole('link', { name: 'Meus pedidos' }).click();
  await page.waitForURL('**/pedidos');
  await page.getByRole('heading', { level: 1, name: 'Meus pedidos' }).waitFor();
  const order = page.getByRole('article');
  await order.first().waitFor();
  expect(await order.count()).toBe(1);
  return ((await order.first().textContent()) ?? '').replace(/\u00a0/g, ' ');
}

export function registerOrders(env: () => E2E) {
  describe('Meus pedidos (Pix and boleto on the simulated pay page)', () => {
    it('Pix paid → success → Meus pedidos shows it as Pago', async () => {
      const shopper = await env().newShopper();
      const { page } = shopper;
      try {
        await signUpAndPay(env, page);
        await fillDeliveryStep(page, 'Econômica');
        await page.getByRole('link', { name: 'Pix', exact: true }).click();
        await page.getByRole('button', { name: 'Pagar com Pix' }).click();
        // The Pix page (QR code, copy-and-paste code, countdown) is reached only here: axe checks it here.
        await page.getByRole('heading', { name: 'Pagamento com Pix' }).waitFor();
        expect(await axeViolations(page), 'axe-core on the Pix page').toEqual([]);
        await page.getByRole('button', { name: 'Simular pagamento do Pix' }).click();
        await page.waitForURL(
          (url) => url.href.startsWith(env().storefront) && url.pathname === '/payment-confirmation',
        );
        await page.getByRole('heading', { name: 'Sua compra foi finalizada com sucesso!' }).waitFor();
        const text = await myOnlyOrder(page);
        expect(text).toContain(`1 × ${jaqueta.name}`);
        expect(text).toContain('TotalR$ 500,00');
        expect(text).toContain('PagamentoPix');
        expect(text).toContain('SituaçãoPago');
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 120_000);

    it('boleto → back to the shop → Aguardando pagamento → compensação on the pay page → Pago', async () => {
      const shopper = await env().newShopper();
      const { page } = shopper;
      try {
        await signUpAndPay(env, page);
        const payPageUrl = page.url();
        await fillDeliveryStep(page, 'Econômica');
        await page.getByRole('link', { name: 'Boleto', exact: true }).click();
        await page.getByLabel('CPF').fill(CPF);
        await page.getByRole('button', { name: 'Gerar boleto' }).click();
        await page.getByRole('link', { name: 'Voltar para a loja' }).click();
        await page.waitForURL((url) => url.href.startsWith(env().storefront));
        await settled(page);
        const pending = await myOnlyOrder(page);
        expect(pending).toContain('PagamentoBoleto');
        expect(pending).toContain('SituaçãoAguardando pagamento');
        expect(pending).toContain('Pagamento pendente: pague o boleto até');
        await page.goto(payPageUrl);
        await page.getByRole('button', { name: 'Simular compensação do boleto' }).click();
        await page.waitForURL((url) => url.href.startsWith(env().storefront));
        await settled(page);
        await poll(async () => {
          await visit(page, '/pedidos');
          const order = page.getByRole('article').first();
          await order.waitFor();
          return ((await order.textContent()) ?? '').includes('SituaçãoPago');
        }, 'the boleto order shows as Pago').toBe(true);
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 150_000);
  });
}
