import { object, string, type Infer } from 'superstruct';

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

/** Every text of SPEC §5 and §8, in one place, copied exactly (ARCHITECTURE §0 fixes one typo). */
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

// Pragmatic address check: something@something.tld, no spaces. The auth provider has the final word.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** One message per field: the first rule the field breaks. An empty object means the form is valid. */
export function validateLogin(form: LoginForm): FieldErrors<LoginForm> {
  const errors: FieldErrors<LoginForm> = {};
  if (!form.email.trim()) errors.email = messages.login.emailRequired;
  else if (!isValidEmail(form.email)) errors.email = messages.login.emailInvalid;
  if (!form.password) errors.password = messages.login.passwordRequired;
  return errors;
}

export function validateSignUp(form: SignUpForm): FieldErrors<SignUpForm> {
  const errors: FieldErrors<SignUpForm> = {};
  if (!form.firstName.trim()) errors.firstName = messages.signUp.firstNameRequired;
  if (!form.lastName.trim()) errors.lastName = messages.signUp.lastNameRequired;
  if (!form.email.trim()) errors.email = messages.signUp.emailRequired;
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = messages.signUp.passwordTooShort;
  if (!form.passwordConfirmation) errors.passwordConfirmation = messages.signUp.confirmationRequired;
  else if (form.passwordConfirmation.length < PASSWORD_MIN_LENGTH)
    errors.passwordConfirmation = messages.signUp.confirmationTooShort;
  else if (form.passwordConfirmation !== form.password)
    errors.passwordConfirmation = messages.signUp.confirmationMismatch;
  return errors;
}

export function hasErrors(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).some(Boolean);
}
