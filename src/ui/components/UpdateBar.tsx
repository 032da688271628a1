// The update banner's bar, a lazy chunk: it only shows after a new deploy's worker has installed.
import type { ConnectivityActorRef } from '../../machines/connectivityMachine';
import { bannerStyle, Button, styled } from '../theme';

/** The waiting service worker's banner: "Nova versão disponível — Atualizar". */
export const UPDATE_MESSAGE = 'Nova versão disponível';
export const UPDATE_ACTION = 'Atualizar';

const Bar = styled('div', {
  ...bannerStyle,
  border: '2px solid $primary',
  '& p': { margin: 0, fontWeight: 600 },
});

export default function UpdateBar({ connectivity }: { connectivity: ConnectivityActorRef }) {
  return (
    <Bar role="status">
      <p>{UPDATE_MESSAGE} —</p>
      <Button type="button" onClick={() => connectivity.send({ type: 'update.accept' })}>
        {UPDATE_ACTION}
      </Button>
    </Bar>
  );
}
