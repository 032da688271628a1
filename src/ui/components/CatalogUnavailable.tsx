import { CATALOG_FAILED_MESSAGE } from '../../machines/catalogMachine';
import { useServices } from '../services';
import { RetryAlert } from './RetryAlert';

/** The catalog could not be read (the error is logged by the machine). */
export function CatalogUnavailable() {
  const { catalog } = useServices();
  return <RetryAlert message={CATALOG_FAILED_MESSAGE} onRetry={() => catalog.send({ type: 'catalog.list.retry' })} />;
}
