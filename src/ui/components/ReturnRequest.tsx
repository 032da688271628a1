import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { RETURN_REASONS, type ReturnReason } from '../../domain/fulfilment';
import { RETURN_REQUESTED_MESSAGE, type ReturnRequestActorRef } from '../../machines/returnRequestMachine';
import { Button, styled } from '../theme';

// "Solicitar devolução" on a delivered order of Meus pedidos (docs/requirements.md#orders): a rendering of the
// order's return request actor (src/machines/returnRequestMachine.ts), which its card starts.

const Form = styled('form', { display: 'grid', gap: '$3', margin: 0 });
const Reasons = styled('fieldset', {
  border: '1px solid $inputBackground',
  borderRadius: '$1',
  padding: '$3',
  margin: 0,
  display: 'grid',
  gap: '$2',
  '& legend': { fontWeight: 600, padding: '0 $1' },
  '& label': { display: 'flex', alignItems: 'center', gap: '$2', cursor: 'pointer', minHeight: '32px' },
  '& input[type="radio"]': { width: '20px', height: '20px', margin: 0 },
});
const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$3' });
const ErrorText = styled('p', { color: '$errorText', fontWeight: 600, margin: 0 });
const Done = styled('p', { fontWeight: 600, margin: 0 });

const reasons = Object.entries(RETURN_REASONS) as Array<[ReturnReason, string]>;

export function ReturnRequest({ actor }: { actor: ReturnRequestActorRef }) {
  const name = useId();
  const legendId = `${name}-legend`;
  const state = useSelector(actor, (s) => (s.matches('sending') ? 'sending' : (s.value as string)));
  const reason = useSelector(actor, (s) => s.context.reason);
  const errorMessage = useSelector(actor, (s) => s.context.errorMessage);

  if (state === 'done') return <Done role="status">{RETURN_REQUESTED_MESSAGE}</Done>;
  if (state === 'idle') {
    return (
      <div>
        <Button type="button" variant="inverted" onClick={() => actor.send({ type: 'return.start' })}>
          Solicitar devolução
        </Button>
      </div>
    );
  }
  const sending = state === 'sending';
  return (
    <Form
      aria-label="Solicitar devolução"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'return.confirm' });
      }}
    >
      <Reasons role="radiogroup" aria-labelledby={legendId} disabled={sending}>
        <legend id={legendId}>Motivo da devolução</legend>
        {reasons.map(([key, text]) => (
          <label key={key}>
            <input
              type="radio"
              name={name}
              value={key}
              checked={reason === key}
              onChange={() => actor.send({ type: 'return.choose', reason: key })}
            />
            {text}
          </label>
        ))}
      </Reasons>
      {errorMessage && <ErrorText role="alert">{errorMessage}</ErrorText>}
      <Actions>
        <Button type="submit" disabled={sending} aria-busy={sending}>
          {sending ? 'Enviando…' : 'Confirmar devolução'}
        </Button>
        <Button type="button" variant="inverted" disabled={sending} onClick={() => actor.send({ type: 'return.back' })}>
          Voltar
        </Button>
      </Actions>
    </Form>
  );
}
