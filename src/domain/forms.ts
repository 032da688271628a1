import { object, string, type Infer } from 'superstruct';
import { FIELD_MAX_LENGTH, tooLongMessage } from './limits';

export const LoginFormStruct = object({ email: string(), password: string() });
export type LoginForm = Infer<typeof LoginFormStruct>;

export const SignUpFormStruct = object({
  firstName: string(),
  lastName: string(),
  email: string(),
  password: string(),
  passwordConfirmation: string(),
});
export type SignUpForm = Infer<typeof SignUpFormStruct>;

export type FieldErrors<Form> = Partial<Record<keyof Form, string>>;

export const PASSWORD_MIN_LENGTH = 6;

/** Every text of docs/requirements.md#validation, in one place, copied exactly (with the original's one typo fixed). */
export const messages = {
  login: {
    emailRequired: 'O e-mail é obrigatório.',
    emailInvalid: 'Por favor, insira um e-mail válido.',
    passwordRequired: 'A senha é obrigatória.',
    wrongPassword: 'A senha é inválida.',
    userNotFound: 'O e-mail não foi encontrado.',
  },
  signUp: {
    firstNameRequired: 'O campo nome é obrigatório',
    lastNameRequired: 'O campo sobrenome é obrigatório',
    emailRequired: 'O campo e-mail é obrigatório',
    passwordTooShort: 'A senha precisa ter pelo menos 6 caracteres.',
    confirmationRequired: 'O campo confirmação de senha é obrigatório',
    confirmationTooShort: 'A confirmação de senha precisa ter pelo menos 6 caracteres.',
    confirmationMismatch: 'A confirmação de senha precisa ser igual a senha',
    emailInUse: 'Este e-mail já está sendo utilizado.',
  },
} as const;

/** Over the field's limit (src/domain/limits.ts), with the field's label as the forms show it. */
export const tooLongMessages = {
  firstName: tooLongMessage('Nome', FIELD_MAX_LENGTH.firstName),
  lastName: tooLongMessage('Sobrenome', FIELD_MAX_LENGTH.lastName),
  email: tooLongMessage('E-mail', FIELD_MAX_LENGTH.email),
  password: tooLongMessage('Senha', FIELD_MAX_LENGTH.password),
  passwordConfirmation: tooLongMessage('Confirmação de senha', FIELD_MAX_LENGTH.password),
} as const;

const tooLong = (value: string, max: number) => value.length > max;

// Pragmatic address check: something@something.tld, no spaces. The auth provider has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** One message per field: the first rule the field breaks. An empty object means the form is valid. */
export function validateLogin(form: LoginForm): FieldErrors<LoginForm> {
  const errors: FieldErrors<LoginForm> = {};
  if (!form.email.trim()) errors.email = messages.login.emailRequired;
  else if (tooLong(form.email, FIELD_MAX_LENGTH.email)) errors.email = tooLongMessages.email;
  else if (!isValidEmail(form.email)) errors.email = messages.login.emailInvalid;
  if (!form.password) errors.password = messages.login.passwordRequired;
  else if (tooLong(form.password, FIELD_MAX_LENGTH.password)) errors.password = tooLongMessages.password;
  return errors;
}

export function validateSignUp(form: SignUpForm): FieldErrors<SignUpForm> {
  const errors: FieldErrors<SignUpForm> = {};
  if (!form.firstName.trim()) errors.firstName = messages.signUp.firstNameRequired;
  else if (tooLong(form.firstName, FIELD_MAX_LENGTH.firstName)) errors.firstName = tooLongMessages.firstName;
  if (!form.lastName.trim()) errors.lastName = messages.signUp.lastNameRequired;
  else if (tooLong(form.lastName, FIELD_MAX_LENGTH.lastName)) errors.lastName = tooLongMessages.lastName;
  if (!form.email.trim()) errors.email = messages.signUp.emailRequired;
  else if (tooLong(form.email, FIELD_MAX_LENGTH.email)) errors.email = tooLongMessages.email;
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = messages.signUp.passwordTooShort;
  else if (tooLong(form.password, FIELD_MAX_LENGTH.password)) errors.password = tooLongMessages.password;
  if (!form.passwordConfirmation) errors.passwordConfirmation = messages.signUp.confirmationRequired;
  else if (form.passwordConfirmation.length < PASSWORD_MIN_LENGTH)
    errors.passwordConfirmation = messages.signUp.confirmationTooShort;
  else if (tooLong(form.passwordConfirmation, FIELD_MAX_LENGTH.password))
    errors.passwordConfirmation = tooLongMessages.passwordConfirmation;
  else if (form.passwordConfirmation !== form.password)
    errors.passwordConfirmation = messages.signUp.confirmationMismatch;
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
