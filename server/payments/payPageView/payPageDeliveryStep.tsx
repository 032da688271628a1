import {
  ADDRESS_FIELD_LABELS,
  ADDRESS_MAX_LENGTH,
  DELIVERY_SERVICES,
  DELIVERY_SERVICE_NAMES,
  formatDeliveryPrice,
  formatDeliveryWindow,
  UFS,
  type AddressField,
  type DeliveryQuote,
} from '../../../src/domain/delivery';
import type { StoredSession } from '../../store/sessionStorePort';
import { PayPageLayout, SimulatedNote } from './payPageLayout';
import { actionOf, ItemsTable, PostButton } from './payPageOrder';

export type DeliveryFormField = AddressField | 'service';

export interface DeliveryFormState {
  /** What the form shows: the shopper's typed values after an error, else the session's address or quoted CEP. */
  values: Partial<Record<DeliveryFormField, string>>;
  errors?: Partial<Record<DeliveryFormField, string>>;
  /** The server's quote for the CEP shown, for the prices next to each service; null while no CEP is known. */
  quote: DeliveryQuote | null;
  /** A sentence above the form (e.g. a payment button pressed before the address). */
  notice?: string;
}

const TEXT_INPUTS: readonly {
  field: AddressField;
  autoComplete: string;
  inputMode?: 'numeric';
  maxLength: number;
  optional?: true;
}[] = [
  { field: 'recipient', autoComplete: 'shipping name', maxLength: ADDRESS_MAX_LENGTH },
  { field: 'cep', autoComplete: 'shipping postal-code', inputMode: 'numeric', maxLength: 10 },
  { field: 'street', autoComplete: 'shipping address-line1', maxLength: ADDRESS_MAX_LENGTH },
  { field: 'number', autoComplete: 'off', maxLength: ADDRESS_MAX_LENGTH },
  { field: 'complement', autoComplete: 'shipping address-line2', maxLength: ADDRESS_MAX_LENGTH, optional: true },
  { field: 'neighborhood', autoComplete: 'off', maxLength: ADDRESS_MAX_LENGTH },
  { field: 'city', autoComplete: 'shipping address-level2', maxLength: ADDRESS_MAX_LENGTH },
];

/** aria-invalid and aria-describedby for a field: its error first, then its hint. */
function described(field: string, error: string | undefined, hint?: string) {
  const ids = [error ? `${field}-error` : null, hint].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? ('true' as const) : undefined, 'aria-describedby': ids || undefined };
}

function FieldError({ field, error }: { field: string; error: string | undefined }) {
  return error ? (
    <p className="error" id={`${field}-error`}>
      {error}
    </p>
  ) : null;
}

function TextInput({ input, state }: { input: (typeof TEXT_INPUTS)[number]; state: DeliveryFormState }) {
  const { field, autoComplete, inputMode, maxLength, optional } = input;
  const error = state.errors?.[field];
  const hint = optional ? `${field}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={field}>{ADDRESS_FIELD_LABELS[field]}</label>
      <input
        id={field}
        name={field}
        type="text"
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        required={!optional}
        defaultValue={state.values[field] ?? ''}
        {...described(field, error, hint)}
      />
      {optional ? (
        <p className="hint" id={hint}>
          Opcional.
        </p>
      ) : null}
      <FieldError field={field} error={error} />
    </div>
  );
}

function UfSelect({ state }: { state: DeliveryFormState }) {
  const error = state.errors?.uf;
  return (
    <div className="field">
      <label htmlFor="uf">UF</label>
      <select
        id="uf"
        name="uf"
        required
        autoComplete="shipping address-level1"
        defaultValue={state.values.uf ?? ''}
        {...described('uf', error)}
      >
        <option value="">Selecione</option>
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </select>
      <FieldError field="uf" error={error} />
    </div>
  );
}

/** Econômica and Expressa, each with the quoted price and window for the CEP shown. */
function ServiceChoice({ state }: { state: DeliveryFormState }) {
  const chosen = state.values.service ?? 'economica';
  const error = state.errors?.service;
  return (
    <fieldset aria-describedby={error ? 'service-error' : undefined}>
      <legend>Forma de entrega</legend>
      {DELIVERY_SERVICES.map((service) => {
        const option = state.quote?.options.find((candidate) => candidate.service === service);
        return (
          <div className="option" key={service}>
            <input
              type="radio"
              id={`service-${service}`}
              name="service"
              value={service}
              defaultChecked={chosen === service}
              aria-describedby={`service-${service}-detail`}
            />
            <label htmlFor={`service-${service}`}>{DELIVERY_SERVICE_NAMES[service]}</label>
            <p className="hint" id={`service-${service}-detail`}>
              {option
                ? `${formatDeliveryPrice(option)} · ${formatDeliveryWindow(option.window)}`
                : 'Informe o CEP para ver o preço e o prazo.'}
            </p>
          </div>
        );
      })}
      <FieldError field="service" error={error} />
    </fieldset>
  );
}

/**
 * The Entrega step: a plain POST form (no script), every field labelled, each mistake under its field, every
 * typed value kept. The prices are the server's quote for the CEP shown; submitting quotes again.
 */
export function DeliveryStep({ session, state }: { session: StoredSession; state: DeliveryFormState }) {
  const hasErrors = Object.keys(state.errors ?? {}).length > 0;
  const alert = state.notice ?? (hasErrors ? 'Confira os campos destacados.' : null);
  return (
    <PayPageLayout title="Entrega">
      <h1>Entrega</h1>
      <p>Para onde enviamos o seu pedido? Depois você escolhe como pagar.</p>
      {alert ? (
        <p className="error" role="alert">
          {alert}
        </p>
      ) : null}
      <ItemsTable session={session} />
      <form method="post" action={actionOf(session, 'entrega')} noValidate>
        {TEXT_INPUTS.map((input) => (
          <TextInput key={input.field} input={input} state={state} />
        ))}
        <UfSelect state={state} />
        <ServiceChoice state={state} />
        <div className="actions">
          <button type="submit" className="pay">
            Continuar para o pagamento
          </button>
        </div>
      </form>
      <div className="actions">
        <PostButton action={actionOf(session, 'cancel')} className="cancel">
          Cancelar
        </PostButton>
      </div>
      <SimulatedNote>Pagamento simulado: nenhum cartão é cobrado, nenhum Pix ou boleto é real.</SimulatedNote>
    </PayPageLayout>
  );
}
