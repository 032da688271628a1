import { describe, expect, it } from 'vitest';
import { validateLogin, validateSignUp, type LoginForm, type SignUpForm } from '../../src/domain';

const validLogin: LoginForm = { email: 'ana@example.com', password: 'segredo' };
const validSignUp: SignUpForm = {
  firstName: 'Ana',
  lastName: 'Souza',
  email: 'ana@example.com',
  password: 'segredo',
  passwordConfirmation: 'segredo',
};

describe('validateLogin (docs/requirements.md#validation)', () => {
  it.each<[string, Partial<LoginForm>, Record<string, string>]>([
    ['a valid form', {}, {}],
    ['an empty e-mail', { email: '' }, { email: 'O e-mail é obrigatório.' }],
    ['a blank e-mail', { email: '   ' }, { email: 'O e-mail é obrigatório.' }],
    ['an e-mail without @', { email: 'ana.example.com' }, { email: 'Por favor, insira um e-mail válido.' }],
    ['an e-mail without domain', { email: 'ana@' }, { email: 'Por favor, insira um e-mail válido.' }],
    ['an empty password', { password: '' }, { password: 'A senha é obrigatória.' }],
    [
      'an empty form',
      { email: '', password: '' },
      { email: 'O e-mail é obrigatório.', password: 'A senha é obrigatória.' },
    ],
  ])('%s', (_, change, expected) => {
    expect(validateLogin({ ...validLogin, ...change })).toEqual(expected);
  });
});

describe('validateSignUp (docs/requirements.md#validation, with the original typo fixed)', () => {
  it.each<[string, Partial<SignUpForm>, Record<string, string>]>([
    ['a valid form', {}, {}],
    ['no first name', { firstName: '' }, { firstName: 'O campo nome é obrigatório' }],
    ['no last name', { lastName: ' ' }, { lastName: 'O campo sobrenome é obrigatório' }],
    ['no e-mail', { email: '' }, { email: 'O campo e-mail é obrigatório' }],
    ['an e-mail in any format (no format check)', { email: 'not-an-email' }, {}],
    [
      'no password',
      { password: '', passwordConfirmation: 'segredo' },
      {
        password: 'A senha precisa ter pelo menos 6 caracteres.',
        passwordConfirmation: 'A confirmação de senha precisa ser igual a senha',
      },
    ],
    [
      'a 5-character password',
      { password: '12345', passwordConfirmation: '12345' },
      {
        password: 'A senha precisa ter pelo menos 6 caracteres.',
        passwordConfirmation: 'A confirmação de senha precisa ter pelo menos 6 caracteres.',
      },
    ],
    ['a 6-character password', { password: '123456', passwordConfirmation: '123456' }, {}],
    [
      'no confirmation',
      { passwordConfirmation: '' },
      { passwordConfirmation: 'O campo confirmação de senha é obrigatório' },
    ],
    [
      'a short confirmation',
      { passwordConfirmation: 'segr' },
      { passwordConfirmation: 'A confirmação de senha precisa ter pelo menos 6 caracteres.' },
    ],
    [
      'a different confirmation',
      { passwordConfirmation: 'segredo2' },
      { passwordConfirmation: 'A confirmação de senha precisa ser igual a senha' },
    ],
  ])('%s', (_, change, expected) => {
    expect(validateSignUp({ ...validSignUp, ...change })).toEqual(expected);
  });
});

describe('field limits (src/domain/limits.ts): the form refuses what the rules and Auth would', () => {
  // The limits as the rules and Firebase Auth state them, written out here rather than read from the code.
  const limits = { firstName: 100, lastName: 200, email: 320, password: 4096 };
  const emailOf = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  it('a 10,000-character name is refused with the agreed message, before anything is sent', () => {
    expect(validateSignUp({ ...validSignUp, firstName: 'a'.repeat(10_000) })).toEqual({
      firstName: 'Nome pode ter no máximo 100 caracteres.',
    });
  });

  it.each<[keyof SignUpForm, string, (length: number) => Partial<SignUpForm>]>([
    ['firstName', 'Nome pode ter no máximo 100 caracteres.', (n) => ({ firstName: 'a'.repeat(n) })],
    ['lastName', 'Sobrenome pode ter no máximo 200 caracteres.', (n) => ({ lastName: 'a'.repeat(n) })],
    ['email', 'E-mail pode ter no máximo 320 caracteres.', (n) => ({ email: emailOf(n) })],
    [
      'password',
      'Senha pode ter no máximo 4096 caracteres.',
      (n) => ({ password: 'a'.repeat(n), passwordConfirmation: 'a'.repeat(n) }),
    ],
  ])('sign-up %s: its limit passes, one character more is refused', (field, message, at) => {
    const max = limits[field as keyof typeof limits];
    expect(validateSignUp({ ...validSignUp, ...at(max) })).toEqual({});
    const errors = validateSignUp({ ...validSignUp, ...at(max + 1) });
    expect(errors[field]).toBe(message);
    if (field === 'password')
      expect(errors.passwordConfirmation).toBe('Confirmação de senha pode ter no máximo 4096 caracteres.');
  });

  it('log-in: an e-mail or a password over the limit is refused with the same messages', () => {
    expect(validateLogin({ email: emailOf(320), password: 'a'.repeat(4096) })).toEqual({});
    expect(validateLogin({ email: emailOf(321), password: 'a'.repeat(4097) })).toEqual({
      email: 'E-mail pode ter no máximo 320 caracteres.',
      password: 'Senha pode ter no máximo 4096 caracteres.',
    });
  });

  it('an empty field still says it is required (the limit is checked after)', () => {
    expect(validateSignUp({ ...validSignUp, firstName: '' }).firstName).toBe('O campo nome é obrigatório');
  });
});
