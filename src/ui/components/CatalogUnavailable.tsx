import { CATALOG_FAILED_MESSAGE } from '../../machines/catalogMachine';
import { useServices } from '../services';
import { Button, styled } from '../theme';

const Box = styled('div', { margin: '$5 0', display: 'flex', flexDirection: 'column', gap: '$3', alignItems: 'flex-start' });

/** The catalog could not be read (the error is logged by the machine). */
export function CatalogUnavailable() {
  const { catalog } = useServices();
  return (
    <Box role="alert">
      <p>{CATALOG_FAILED_MESSAGE}</p>
      <Button type="button" onClick={() => catalog.send({ type: 'catalog.list.retry' })}>
        Tentar novamente
      </Button>
    </Box>
  );
}
