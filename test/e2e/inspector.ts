// The statechart inspector (docs/inspector.md) in the locally built storefront, opened with
// `?inspect`: the diagrams follow the live machines and the log shows what each event did. Registered by
// search-and-inspector.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../seed/seedCatalog';
import { axeViolations } from './support/axe';
import type { E2E } from './support/e2e';
import { addWithKeyboard, expectHeaderCount, poll, settled, uniqueEmail, visit } from './support/storefront';

const jackets = catalog[0]!;
const jaqueta = jackets.products[0]!;

const inspector = (page: Page) => page.getByRole('dialog', { name: 'Inspetor de estados' });
const launcher = (page: Page) => page.getByRole('button', { name: 'Estados', exact: true });
/** The `<g>` of a state in its machine's diagram, e.g. `cart.storage.ready`. */
const stateBox = (page: Page, id: string) => inspector(page).locator(`g[data-state-id="${id}"]`);
const isLit = (page: Page, id: string) => () => stateBox(page, id).getAttribute('data-active');
/** The newest log line of an event type (the log is newest first). */
const logLine = (page: Page, machine: string, type: string) =>
  inspector(page)
    .getByRole('list', { name: 'Eventos' })
    .locator(`li[data-machine="${machine}"][data-event-type="${type}"]`)
    .first();

export function registerInspector(env: () => E2E) {
  describe('inspector (local build, ?inspect)', () => {
    it('lights the active states live, logs cart.add and the login, and passes axe with the panel open', async () => {
      const shopper = await env().newShopper({ width: 1280, height: 900 });
      try {
        const { page } = shopper;
        await visit(page, '/?inspect');
        await launcher(page).click();
        await inspector(page).waitFor();
        // The focus moves into the panel, on its heading.
        expect(await page.evaluate(() => document.activeElement?.id)).toBe('inspector-title');
        // Events from before the panel loaded are there (the recorder runs from startup).
        await logLine(page, 'auth', 'xstate.init').waitFor();
        await poll(isLit(page, 'cart.storage.ready'), 'cart restored').toBe('true');
        await poll(isLit(page, 'auth.loggedOut.idle'), 'logged out at first').toBe('true');

        // Add a product from a category reached from a home tile (client-side navigation keeps the recorder).
        await page
          .getByRole('list', { name: 'Categorias' })
          .getByRole('link', { name: new RegExp(jackets.displayName) })
          .press('Enter');
        await page.waitForURL(`**/category/${jackets.id}`);
        await settled(page);
        await addWithKeyboard(page, jaqueta.name);
        await expectHeaderCount(page, 1);
        const added = logLine(page, 'cart', 'cart.add');
        await added.waitFor();
        expect(await added.getAttribute('data-ignored')).toBe('false');
        expect(await added.textContent()).toContain(`product: ${jaqueta.name}`);
        expect(await added.textContent()).toContain('storage.ready (fica)');
        expect(await isLit(page, 'cart.storage.ready')()).toBe('true');
        expect(await isLit(page, 'cart.panel.closed')()).toBe('true');
        // Its snapshots: the product is in the cart after, not before.
        await added.getByRole('button').click();
        const before = inspector(page).getByRole('group', { name: 'Snapshot antes do evento' });
        const after = inspector(page).getByRole('group', { name: 'Snapshot depois do evento' });
        expect(await before.textContent()).not.toContain(jaqueta.name);
        expect(await after.textContent()).toContain(jaqueta.name);

        // Sign up (the auth machine goes loggedOut.idle → signingUp → loggedIn).
        await page
          .getByRole('navigation', { name: 'Principal' })
          .getByRole('link', { name: 'Criar Conta' })
          .press('Enter');
        await page.waitForURL('**/sign-up');
        const fields: Array<[string, string]> = [
          ['Nome', 'Ana'],
          ['Sobrenome', 'Lima'],
          ['E-mail', uniqueEmail('inspetor')],
          ['Senha', 'segredo123'],
          ['Confirmação de senha', 'segredo123'],
        ];
        for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
        await page.getByLabel('Confirmação de senha', { exact: true }).press('Enter');
        await page.getByRole('button', { name: 'Sair' }).waitFor();
        await poll(isLit(page, 'auth.loggedIn'), 'auth lit in loggedIn').toBe('true');
        expect(await isLit(page, 'auth.loggedOut')()).toBe('false');
        expect(await logLine(page, 'auth', 'auth.signUp').textContent()).toContain(
          'loggedOut.idle → loggedOut.signingUp',
        );

        // axe with the panel open (and an event's snapshots shown): zero violations.
        await settled(page);
        expect(await axeViolations(page)).toEqual([]);

        // Escape closes it and gives the focus back to the button; the shortcut opens it again.
        await inspector(page).getByRole('button', { name: 'Fechar' }).focus();
        await page.keyboard.press('Escape');
        await inspector(page).waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Estados');
        await page.keyboard.press('Alt+Shift+S');
        await inspector(page).waitFor();
        await poll(isLit(page, 'auth.loggedIn'), 'still lit after reopening').toBe('true');
        expect(shopper.pageErrors).toEqual([]);
      } finally {
        await shopper.close();
      }
    }, 120_000);
  });
}
