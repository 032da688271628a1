import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '../../src/domain';
import { aUserProfile } from '../support/builders';
import { renderApp, settled } from './support/renderApp';

let app: ReturnType<typeof renderApp> | undefined;
afterEach(() => app?.unmountAll());

const ana = { email: 'ana@example.com', password: 'segredo1', uid: 'uid-ana', displayName: 'Ana Souza' };

/** The message tied to an input through aria-describedby, announced as an alert. */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  if (!id) return null;
  const node = document.getElementById(id);
  expect(node?.getAttribute('role')).toBe('alert');
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return node?.textContent ?? null;
}

describe('login', () => {
  it('required messages under each field, then the invalid e-mail message', async () => {
    app = renderApp({ path: '/login' });
    await settled();
    await app.user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(errorOf('E-mail')).toBe('O e-mail é obrigatório.');
    expect(errorOf('Senha')).toBe('A senha é obrigatória.');

    await app.user.type(screen.getByLabelText('E-mail'), 'ana-sem-arroba');
    await app.user.type(screen.getByLabelText('Senha'), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(errorOf('E-mail')).toBe('Por favor, insira um e-mail válido.');
    expect(errorOf('Senha')).toBeNull();
  });

  it('wrong password under the password, unknown e-mail under the e-mail', async () => {
    app = renderApp({ path: '/login', auth: { users: [ana] } });
    await settled();
    await app.user.type(screen.getByLabelText('E-mail'), ana.email);
    await app.user.type(screen.getByLabelText('Senha'), 'errada1');
    await app.user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(errorOf('Senha')).toBe(messages.login.wrongPassword));
    expect(errorOf('E-mail')).toBeNull();

    await app.user.clear(screen.getByLabelText('E-mail'));
    await app.user.type(screen.getByLabelText('E-mail'), 'ninguem@example.com');
    await app.user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(errorOf('E-mail')).toBe('O e-mail não foi encontrado.'));
    expect(errorOf('Senha')).toBeNull();
  });

  it('disables the submit button while signing in, then redirects home', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    app = renderApp({ path: '/login', auth: { users: [ana] } });
    await settled();
    const original = app.auth.signIn.bind(app.auth);
    app.auth.signIn = async (email, password) => {
      await gate;
      return original(email, password);
    };
    await app.user.type(screen.getByLabelText('E-mail'), ana.email);
    await app.user.type(screen.getByLabelText('Senha'), ana.password);
    await app.user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect((screen.getByRole('button', { name: 'Entrar' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(app!.path()).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Sair' })).toBeTruthy();
  });

  it('Entrar com o Google signs in and goes home', async () => {
    app = renderApp({ path: '/login' });
    await settled();
    await app.user.click(screen.getByRole('button', { name: 'Entrar com o Google' }));
    await waitFor(() => expect(app!.path()).toBe('/'));
    expect(app.users.all()).toEqual([
      expect.objectContaining({ firstName: 'Ana', lastName: 'Souza', provider: 'google' }),
    ]);
  });

  it('a logged-in visitor of /login or /sign-up is redirected to /', async () => {
    app = renderApp({
      path: '/login',
      auth: { users: [ana], signedInAs: ana.email },
      users: [aUserProfile({ id: 'uid-ana' }).build()],
    });
    await settled();
    await waitFor(() => expect(app!.path()).toBe('/'));
    app.location.navigate('/sign-up');
    await waitFor(() => expect(app!.path()).toBe('/'));
  });
});

describe('sign-up', () => {
  async function fill(
    values: Partial<Record<'Nome' | 'Sobrenome' | 'E-mail' | 'Senha' | 'Confirmação de senha', string>>,
  ) {
    for (const [label, value] of Object.entries(values)) {
      const input = screen.getByLabelText(label);
      await app!.user.clear(input);
      if (value) await app!.user.type(input, value);
    }
    await app!.user.click(screen.getByRole('button', { name: 'Criar Conta' }));
  }

  it('every required-field message under its field', async () => {
    app = renderApp({ path: '/sign-up' });
    await settled();
    await fill({});
    expect(errorOf('Nome')).toBe('O campo nome é obrigatório');
    expect(errorOf('Sobrenome')).toBe('O campo sobrenome é obrigatório');
    expect(errorOf('E-mail')).toBe('O campo e-mail é obrigatório');
    expect(errorOf('Senha')).toBe('A senha precisa ter pelo menos 6 caracteres.');
    expect(errorOf('Confirmação de senha')).toBe('O campo confirmação de senha é obrigatório');
  });

  it('short confirmation, then mismatch (with the original typo fixed)', async () => {
    app = renderApp({ path: '/sign-up' });
    await settled();
    await fill({
      Nome: 'Ana',
      Sobrenome: 'Souza',
      'E-mail': 'ana@example.com',
      Senha: '12345',
      'Confirmação de senha': '123',
    });
    expect(errorOf('Senha')).toBe('A senha precisa ter pelo menos 6 caracteres.');
    expect(errorOf('Confirmação de senha')).toBe('A confirmação de senha precisa ter pelo menos 6 caracteres.');
    await fill({ Senha: '123456', 'Confirmação de senha': '654321' });
    expect(errorOf('Senha')).toBeNull();
    expect(errorOf('Confirmação de senha')).toBe('A confirmação de senha precisa ser igual a senha');
    expect(errorOf('Nome')).toBeNull();
  });

  it('e-mail already in use under the e-mail field', async () => {
    app = renderApp({ path: '/sign-up', auth: { users: [ana] } });
    await settled();
    await fill({
      Nome: 'Ana',
      Sobrenome: 'Souza',
      'E-mail': ana.email,
      Senha: '123456',
      'Confirmação de senha': '123456',
    });
    await waitFor(() => expect(errorOf('E-mail')).toBe('Este e-mail já está sendo utilizado.'));
  });

  it('a valid form creates the account and the users document, then goes home logged in', async () => {
    app = renderApp({ path: '/sign-up' });
    await settled();
    await fill({
      Nome: 'Bia',
      Sobrenome: 'Lima',
      'E-mail': 'bia@example.com',
      Senha: '123456',
      'Confirmação de senha': '123456',
    });
    await waitFor(() => expect(app!.path()).toBe('/'));
    expect(app.users.all()).toEqual([
      expect.objectContaining({ firstName: 'Bia', lastName: 'Lima', email: 'bia@example.com', provider: 'firebase' }),
    ]);
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy();
  });

  it('login errors do not leak into the sign-up form', async () => {
    app = renderApp({ path: '/login' });
    await settled();
    await app.user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(errorOf('E-mail')).toBe('O e-mail é obrigatório.');
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    await app.user.click(within(nav).getByRole('link', { name: 'Criar Conta' }));
    await screen.findByRole('heading', { level: 1, name: 'Criar Conta' });
    expect(errorOf('E-mail')).toBeNull();
  });
});
