import type { ComponentProps } from 'react';
import { Button, styled } from '../theme';

const Box = styled('div', {
  margin: '$5 0',
  display: 'flex',
  flexDirection: 'column',
  gap: '$3',
  alignItems: 'flex-start',
});

/**
 * A read that failed: its pt-BR message and "Tentar novamente", announced as an alert. `css` places it (a route's
 * page that could not load sits centred where the page would be).
 */
export function RetryAlert({
  message,
  onRetry,
  css,
}: {
  message: string;
  onRetry: () => void;
  css?: ComponentProps<typeof Box>['css'];
}) {
  return (
    <Box role="alert" css={css}>
      <p>{message}</p>
      <Button type="button" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Box>
  );
}
