import { Button, styled } from '../theme';

const Box = styled('div', { margin: '$5 0', display: 'flex', flexDirection: 'column', gap: '$3', alignItems: 'flex-start' });

/** A read that failed: its pt-BR message and "Tentar novamente", announced as an alert. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Box role="alert">
      <p>{message}</p>
      <Button type="button" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Box>
  );
}
