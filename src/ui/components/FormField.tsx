import { useId, type InputHTMLAttributes } from 'react';
import { styled } from '../theme';

const Field = styled('div', { display: 'flex', flexDirection: 'column', gap: '$1', marginBottom: '$4' });

const Label = styled('label', { fontWeight: 600, fontSize: '$small' });

const Input = styled('input', {
  fontSize: '$body',
  padding: '$3',
  border: '2px solid transparent',
  borderRadius: '$1',
  background: '$inputBackground',
  color: '$textDark',
  minHeight: '44px',
  '&[aria-invalid="true"]': { borderColor: '$error' },
  '&:focus-visible': { outlineColor: '$primary' },
});

const ErrorText = styled('p', { margin: 0, color: '$errorText', fontSize: '$small', fontWeight: 600 });

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; error?: string | undefined };

/** A labelled input whose message (docs/requirements.md#validation) sits under it, is tied by aria-describedby and announced. */
export function FormField({ label, error, ...input }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Field>
  );
}

export const FormCard = styled('form', {
  width: '100%',
  maxWidth: '440px',
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  '& > button': { marginTop: '$2' },
});

export const FormIntro = styled('p', { margin: '0 0 $5', color: '$placeholder' });
