// The offline Google account chooser (local mode), on happy-dom, found by role and name like a shopper would.
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseLocalGoogleAccount, DEMO_GOOGLE_ACCOUNTS } from '../../src/adapters/auth/localGoogleChooser';

afterEach(() => document.body.replaceChildren());

const dialog = () => screen.getByRole('dialog', { name: 'Escolha uma conta', hidden: true });

describe('chooseLocalGoogleAccount', () => {
  it('offers the demo accounts and resolves with the one clicked, then removes itself', async () => {
    const user = userEvent.setup();
    const chosen = chooseLocalGoogleAccount();
    const list = within(dialog()).getByRole('list', { name: 'Contas', hidden: true });
    expect(within(list).getAllByRole('button', { hidden: true })).toHaveLength(DEMO_GOOGLE_ACCOUNTS.length);
    await user.click(within(list).getByRole('button', { name: /Bruno Lima/, hidden: true }));
    await expect(chosen).resolves.toEqual({ name: 'Bruno Lima', email: 'bruno.lima@example.com' });
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('focuses the first account when it opens', async () => {
    const chosen = chooseLocalGoogleAccount();
    expect(document.activeElement?.textContent).toContain('Ana Souza');
    within(dialog()).getByRole('button', { name: 'Cancelar', hidden: true }).click();
    await chosen;
  });

  it('"Usar outra conta" asks for name and e-mail, validates them, and resolves with them', async () => {
    const user = userEvent.setup();
    const chosen = chooseLocalGoogleAccount();
    const other = within(dialog()).getByRole('button', { name: 'Usar outra conta', hidden: true });
    expect(other.getAttribute('aria-expanded')).toBe('false');
    await user.click(other);
    expect(other.getAttribute('aria-expanded')).toBe('true');
    const name = within(dialog()).getByLabelText('Nome');
    const email = within(dialog()).getByLabelText('E-mail');
    await user.type(name, 'Carla Dias');
    await user.type(email, 'carla-sem-arroba');
    await user.click(within(dialog()).getByRole('button', { name: 'Continuar', hidden: true }));
    expect(within(dialog()).getByRole('alert', { hidden: true }).textContent).toBe(
      'Por favor, insira um e-mail válido.',
    );
    await user.clear(email);
    await user.type(email, 'carla@example.com');
    await user.click(within(dialog()).getByRole('button', { name: 'Continuar', hidden: true }));
    await expect(chosen).resolves.toEqual({ name: 'Carla Dias', email: 'carla@example.com' });
  });

  it('resolves with null on Cancelar', async () => {
    const user = userEvent.setup();
    const chosen = chooseLocalGoogleAccount();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar', hidden: true }));
    await expect(chosen).resolves.toBeNull();
    expect(screen.queryByRole('dialog', { hidden: true })).toBeNull();
  });

  it('resolves with null when the dialog is dismissed with Esc (cancel event)', async () => {
    const chosen = chooseLocalGoogleAccount();
    dialog().dispatchEvent(new Event('cancel', { cancelable: true }));
    await expect(chosen).resolves.toBeNull();
  });
});
