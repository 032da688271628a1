// The pages that need the network (checkout, log-in, sign-up) say so while offline. Only those lazy pages import
// this file, so neither the component nor its texts weigh on the entry bundle.
import { styled } from '../theme';
import { useOffline } from './OfflineStatus';

/** What needs the network says so while offline, and works again as soon as the connection returns. */
export const CHECKOUT_OFFLINE_MESSAGE =
  'Sem conexão com a internet: Finalizar Compra precisa de conexão. Seu carrinho continua salvo.';
export const LOGIN_OFFLINE_MESSAGE =
  'Sem conexão com a internet: para entrar na sua conta, conecte-se e tente novamente.';
export const SIGN_UP_OFFLINE_MESSAGE =
  'Sem conexão com a internet: para criar sua conta, conecte-se e tente novamente.';

const Notice = styled('p', {
  margin: '$3 0',
  padding: '$3',
  borderLeft: '4px solid $errorText',
  color: '$errorText',
  fontWeight: 600,
});

/**
 * A page's own "this needs a connection" line, shown only while offline. The buttons stay as they are: a press
 * offline gets the machine's own failure message, and works as soon as the connection is back.
 */
export function OfflineNotice({ message }: { message: string }) {
  const offline = useOffline();
  return offline ? <Notice role="status">{message}</Notice> : null;
}
