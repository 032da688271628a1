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

describe('validateLogin (SPEC §5)', () => {
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

describe('validateSignUp (SPEC §5, typo fixed per ARCHITECTURE §0)', () => {
  it.each<[string, Partial<SignUpForm>, Record<string, string>]>([
    ['a valid form', {}, {}],
    ['no first name', { firstName: '' }, { firstName: 'O campo nome é obrigatório' }],
    ['no last name', { lastName: ' ' }, { lastName: 'O campo sobrenome é obrigatório' }],
    ['no e-mail', { email: '' }, { email: 'O campo e-mail é obrigatório' }],
    ['an e-mail in any format (no format check)', { email: 'not-an-email' }, {}],
    [
      'no password',
      { password: '', passwordConfirmation: 'segredo' },
      { password: 'A senha precisa ter pelo menos 6 caracteres.', passwordConfirmation: 'A confirmação de senha precisa ser igual a senha' },
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
    ['no confirmation', { passwordConfirmation: '' }, { passwordConfirmation: 'O campo confirmação de senha é obrigatório' }],
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
