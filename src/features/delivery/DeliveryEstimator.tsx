import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
// The options' texts only: the quote itself (holiday calendar, rate card) is a lazy chunk the machine loads.
import type { DeliveryOption } from '../../domain/delivery';
import { formatDeliveryPrice, formatDeliveryWindow, type DeliveryServiceId } from '../../domain/deliveryOptions';
import { CEP_INPUT_MAX_LENGTH } from '../../domain/limits';
import type { DeliveryActorRef } from '../../machines/deliveryMachine';
import { useHydrated } from '../../ui/hooks/useHydrated';
import { Button, styled } from '../../ui/theme';

/** The CEP form's marker: src/earlyCep.ts keeps the browser from submitting it before the app has hydrated. */
export const DELIVERY_FORM_ATTRIBUTE = 'data-delivery-cep';

export const DELIVERY_TEXTS = {
  label: 'Calcular frete',
  placeholder: '00000-000',
  submit: 'Calcular',
  retry: 'Tentar de novo',
  quoting: 'Calculando o frete…',
  options: 'Opções de entrega',
} as const;

const Box = styled('div', { width: '100%', display: 'flex', flexDirection: 'column', gap: '$2', margin: '$3 0' });

const Label = styled('label', { fontWeight: 600 });

const Row = styled('div', { display: 'flex', gap: '$2', flexWrap: 'wrap', alignItems: 'stretch' });

const Input = styled('input', {
  flex: '1 1 9rem',
  minWidth: 0,
  maxWidth: '14rem',
  minHeight: '44px',
  padding: '$2 $3',
  fontSize: '$body',
  border: '2px solid transparent',
  borderRadius: '$1',
  background: '$inputBackground',
  color: '$textDark',
  '&[aria-invalid="true"]': { borderColor: '$error' },
  '&:focus-visible': { outlineColor: '$primary' },
});

// The theme's button, smaller and in sentence case beside the field; busy keeps its full colour (it is brief).
const SmallButton = styled(Button, {
  padding: '$2 $4',
  textTransform: 'none',
  letterSpacing: 'normal',
  '&[aria-busy="true"]': { opacity: 1, cursor: 'progress' },
});

const ErrorText = styled('p', { margin: 0, color: '$errorText', fontSize: '$small', fontWeight: 600 });

const Status = styled('p', { margin: 0, fontSize: '$small' });

const Options = styled('fieldset', {
  margin: 0,
  padding: 0,
  border: 'none',
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  '& legend': { padding: 0, marginBottom: '$2', fontWeight: 600 },
});

const Option = styled('label', {
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gridTemplateAreas: '"radio name price" "radio window window"',
  alignItems: 'center',
  gap: '0 $3',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$1',
  cursor: 'pointer',
  color: '$textDark',
  '&:has(input:checked)': { borderColor: '$primary', boxShadow: 'inset 0 0 0 1px $colors$primary' },
  '& input': { gridArea: 'radio', width: '1.125rem', height: '1.125rem', margin: 0, accentColor: '$colors$primary' },
  '& .name': { gridArea: 'name', fontWeight: 600 },
  '& .price': { gridArea: 'price', fontWeight: 700, whiteSpace: 'nowrap' },
  '& .window': { gridArea: 'window', fontSize: '$small' },
});

interface EstimatorView {
  cepInput: string;
  error: string | null;
  invalid: boolean;
  failed: boolean;
  busy: boolean;
  options: DeliveryOption[] | null;
  service: DeliveryServiceId;
}

/** What the prerendered HTML shows: an empty field and no quote. */
const SERVER_VIEW: EstimatorView = {
  cepInput: '',
  error: null,
  invalid: false,
  failed: false,
  busy: false,
  options: null,
  service: 'economica',
};

const sameView = (a: EstimatorView, b: EstimatorView) =>
  a.cepInput === b.cepInput &&
  a.error === b.error &&
  a.invalid === b.invalid &&
  a.failed === b.failed &&
  a.busy === b.busy &&
  a.options === b.options &&
  a.service === b.service;

/**
 * The CEP form and the delivery options of one delivery actor (the cart's, or one product's). It renders the
 * machine's state and sends its events; the CEP rules, the quote and the remembered CEP are the machine's.
 *
 * A prerendered page paints this form before the app runs. What the shopper typed there is read once, when
 * React takes the field over (the DOM value differs from the value React rendered), and submitted to the
 * machine, so it is neither lost nor left unquoted; until then src/earlyCep.ts stops the browser's own submit.
 */
export function DeliveryEstimator({ delivery }: { delivery: DeliveryActorRef }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const radioName = `${inputId}-service`;
  // Until hydration the estimator is drawn as the server drew it (no CEP, nothing quoted): the remembered CEP and
  // its quote exist only in the browser, and the first client render must equal the prerendered HTML.
  const hydrated = useHydrated();
  const view = useSelector(
    delivery,
    (s) => ({
      cepInput: s.context.cepInput,
      error: s.matches('invalid') || s.matches('failed') ? s.context.error : null,
      invalid: s.matches('invalid'),
      failed: s.matches('failed'),
      busy: s.hasTag('busy'),
      options: s.matches('quoted') ? (s.context.quote?.options ?? null) : null,
      service: s.context.service,
    }),
    sameView,
  );
  const { cepInput, error, invalid, failed, busy, options, service } = hydrated ? view : SERVER_VIEW;
  // What is being typed, until it is submitted; null shows the machine's own (the submitted or remembered CEP).
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? cepInput;
  const inputRef = useRef<HTMLInputElement>(null);

  // A layout effect: it runs in the hydrating commit, before any re-render would write React's value over the
  // DOM's. React sets `defaultValue` to the value it rendered, so a difference is the shopper's typing.
  useLayoutEffect(() => {
    const field = inputRef.current;
    if (field && field.value.trim() !== '' && field.value !== field.defaultValue) {
      delivery.send({ type: 'delivery.cep.submit', cep: field.value });
    }
  }, [delivery]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Also while quoting: the machine decides what a second CEP does (a click is never silently dropped).
    delivery.send({ type: 'delivery.cep.submit', cep: value });
    setDraft(null);
  };

  return (
    <Box>
      <form {...{ [DELIVERY_FORM_ATTRIBUTE]: '' }} onSubmit={submit} noValidate>
        <Box css={{ margin: 0 }}>
          <Label htmlFor={inputId}>{DELIVERY_TEXTS.label}</Label>
          <Row>
            <Input
              ref={inputRef}
              id={inputId}
              name="cep"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={CEP_INPUT_MAX_LENGTH}
              placeholder={DELIVERY_TEXTS.placeholder}
              value={value}
              onChange={(event) => setDraft(event.target.value)}
              aria-invalid={invalid || undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <SmallButton type="submit" aria-busy={busy || undefined}>
              {DELIVERY_TEXTS.submit}
            </SmallButton>
          </Row>
          {error && (
            <ErrorText id={errorId} role="alert">
              {error}
            </ErrorText>
          )}
          {failed && (
            <div>
              <SmallButton type="button" variant="inverted" onClick={() => delivery.send({ type: 'delivery.retry' })}>
                {DELIVERY_TEXTS.retry}
              </SmallButton>
            </div>
          )}
        </Box>
      </form>
      <div aria-live="polite">
        {busy && <Status>{DELIVERY_TEXTS.quoting}</Status>}
        {options && (
          <Options>
            <legend>{DELIVERY_TEXTS.options}</legend>
            {options.map((option) => (
              <Option key={option.service}>
                <input
                  type="radio"
                  name={radioName}
                  value={option.service}
                  checked={option.service === service}
                  onChange={() => delivery.send({ type: 'delivery.service.select', service: option.service })}
                />
                <span className="name">{option.name}</span>
                <span className="price">{formatDeliveryPrice(option)}</span>
                <span className="window">{formatDeliveryWindow(option.window)}</span>
              </Option>
            ))}
          </Options>
        )}
      </div>
    </Box>
  );
}
