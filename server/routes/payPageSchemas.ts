import { isValidCPF } from '@brazilian-utils/brazilian-utils';
import { Type, type TOptional, type TProperties, type TString } from '@fastify/type-provider-typebox';
import { ADDRESS_MAX_LENGTH } from '../../src/domain/limits';
import type { DeliveryFormField } from '../payments/payPageMarkup';
import type { PaymentMethod, SessionOutcome } from '../store/sessionStorePort';

export const DELIVERY_FORM_FIELDS: readonly DeliveryFormField[] = [
  'recipient',
  'cep',
  'street',
  'number',
  'complement',
  'neighborhood',
  'city',
  'uf',
  'service',
];
/**
 * The largest form body any pay-page form needs: the Entrega form's fields at their longest (src/domain/limits.ts),
 * accented throughout (a "ç" is 6 bytes percent-encoded), plus 1 KB for the names; anything larger is a 413 page.
 */
export const FORM_BODY_LIMIT = Math.ceil((DELIVERY_FORM_FIELDS.length * ADDRESS_MAX_LENGTH * 6 + 1024) / 1024) * 1024;

/**
 * The route schemas. Any checkout session id up to the router's 100 characters reaches the handler: one that is not ours
 * is "Pagamento não encontrado" (404), not a schema error. Form fields are checked by the handlers, each mistake
 * under its field; the schemas say what a form body is (url-encoded strings, or no body at all for a button).
 */
export const SessionParams = Type.Object({ sessionId: Type.String({ maxLength: 100 }) });
const formOf = <T extends TProperties>(fields: T) => Type.Union([Type.Object(fields), Type.Undefined()]);
export const ButtonForm = formOf({});
export const BoletoForm = formOf({ cpf: Type.Optional(Type.String()) });
export const DeliveryForm = formOf(
  Object.fromEntries(DELIVERY_FORM_FIELDS.map((field) => [field, Type.Optional(Type.String())])) as Record<
    DeliveryFormField,
    TOptional<TString>
  >,
);
const HtmlPage = Type.String({ description: 'text/html; charset=utf-8' });
/** Every pay-page answer: a page, or a 303 to the next step (an empty body). */
export const PAGE_RESPONSES = { 200: HtmlPage, 303: Type.Null(), '4xx': HtmlPage, '5xx': HtmlPage };

/** The buttons that settle a checkout session: what each one ends it as, by which method, and whether it charges. */
export interface Settling {
  outcome: SessionOutcome;
  method: PaymentMethod | null;
  /** It charges (or tries to): the delivery address comes first. */
  charges: boolean;
}
export const SETTLING_ACTIONS: Readonly<Record<string, Settling>> = {
  pay: { outcome: 'paid', method: 'card', charges: true },
  cancel: { outcome: 'canceled', method: null, charges: false },
  decline: { outcome: 'declined', method: 'card', charges: true },
  // The simulated page's stand-ins for the bank: a Pix paid, a boleto compensated.
  'pix-paid': { outcome: 'paid', method: 'pix', charges: false },
  'boleto-paid': { outcome: 'paid', method: 'boleto', charges: false },
};
/** The buttons that make a checkout session pending: the Pix code or the boleto is shown until it is paid. */
export const PENDING_ACTIONS = ['pix', 'boleto'] as const;

/** The CPF field: each mistake its own pt-BR message; a valid CPF's digits only. */
export function checkCpf(input: unknown): { cpf: string } | { error: string } {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (raw === '') return { error: 'Informe o CPF para gerar o boleto.' };
  if (!/^[\d.\-\s]+$/.test(raw)) return { error: 'O CPF deve conter apenas números (pontos e traço são opcionais).' };
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 11) return { error: 'O CPF deve ter 11 dígitos.' };
  if (!isValidCPF(digits)) return { error: 'CPF inválido: confira os dígitos verificadores.' };
  return { cpf: digits };
}
