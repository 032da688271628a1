import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { paths } from '../paths';
import { useServices } from '../services';
import { Button, Page, styled } from '../theme';

export const PAYMENT_SUCCESS_MESSAGE = 'Sua compra foi finalizada com sucesso!';
export const PAYMENT_ERROR_MESSAGE = 'Ocorreu um erro ao finalizar sua compra. Por favor, tente novamente.';

const Box = styled('div', {
  maxWidth: '640px',
  margin: '$6 auto',
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$5',
  '& h1': { margin: 0, fontSize: '1.5rem' },
  variants: {
    tone: {
      success: { '& h1': { color: '$success' } },
      error: { '& h1': { color: '$errorText' } },
      neutral: {},
    },
  },
});

export default function ConfirmationPage() {
  const { cart } = useServices();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();

  const success = params.get('success') === 'true';
  const failed = params.get('success') === 'false' || params.get('canceled') === 'true';

  // The cart clears itself once, after its restore (cartMachine); sending it again changes nothing.
  useEffect(() => {
    if (success) cart.send({ type: 'cart.paymentConfirmed' });
  }, [success, cart]);

  const tone = success ? 'success' : failed ? 'error' : 'neutral';
  const message = success ? PAYMENT_SUCCESS_MESSAGE : failed ? PAYMENT_ERROR_MESSAGE : 'Nenhuma compra em andamento.';

  return (
    <Page>
      <Box tone={tone}>
        <div role="status">
          <h1>{message}</h1>
        </div>
        <Button type="button" onClick={() => navigate(paths.home)}>
          Voltar para a página inicial
        </Button>
      </Box>
    </Page>
  );
}
