import { useEffect, useId } from 'react';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { resultCountText, searchTerm } from '../../domain/search';
import { categoryPath } from '../../ui/paths';
import { selectCategories, selectListFailed, selectSearchView } from '../../ui/selectors';
import { useServices } from '../../ui/services';
import { Button, Page, PageTitle, styled } from '../../ui/theme';
import type { BrowseSlot } from '../browse/browseSlot';
import { useSearchActor, type SearchLoad } from './searchActors';
import { useSearchQueryParam } from './searchQuery';

export const SEARCH_PROMPT = 'Digite no campo acima o nome de um produto ou de uma categoria.';
export const SEARCHING = 'Buscando…';
export const SEARCH_FAILED = 'Não foi possível buscar agora.';
export const noResultsText = (term: string) => `Nenhum produto encontrado para “${term}”.`;
/** Results from the products this page holds while the catalog has more (the backend could not be reached). */
export const PARTIAL_RESULTS_NOTE =
  'Não foi possível buscar em todo o catálogo: os resultados podem estar incompletos.';

const Status = styled('p', { margin: '0 0 $5', fontWeight: 600 });
const Note = styled('p', { margin: '-$3 0 $5' });

const Suggestions = styled('section', {
  '& h2': { fontSize: '1.25rem', margin: '0 0 $3' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '$3' },
});

const CategoryLink = styled(Link, {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  padding: '$2 $4',
  border: '1px solid $textDark',
  borderRadius: '$1',
  color: '$textDark',
  textDecoration: 'none',
  fontWeight: 600,
  '&:hover': { background: '$inputBackground' },
});

/** /search?q=…: the results of the search field, as product cards. The address drives the query on arrival. */
export default function SearchPage({
  load,
  BrowseSlot: Results,
}: {
  load: SearchLoad;
  /** The results' sorting and filters (the browse slot, in the entry: handed over, not imported by this chunk). */
  BrowseSlot: typeof BrowseSlot;
}) {
  const { catalog, stock } = useServices();
  const { search, retry: retryLoading } = useSearchActor(load);
  const q = useSearchQueryParam();
  // Before the machine runs: "searching" for a query in the address; null means its code could not be loaded.
  const view = useSelector(search ?? undefined, (s) =>
    s ? selectSearchView(s) : search === null ? 'failed' : searchTerm(q) !== '' ? 'searching' : 'prompt',
  );
  const results = useSelector(search ?? undefined, (s) => s?.context.results ?? []);
  const resultsFor = useSelector(search ?? undefined, (s) => s?.context.resultsFor ?? '');
  const partial = useSelector(search ?? undefined, (s) => s?.context.partial ?? false);
  const categories = useSelector(catalog, selectCategories);
  const catalogFailed = useSelector(catalog, selectListFailed);
  const suggestionsId = useId();

  // The results' badges: results come from any category, so the low stock of every category, in one query, once
  // results are on screen.
  const shown = view === 'results' ? categories.map((category) => category.id).join(' ') : '';
  useEffect(() => {
    if (shown) stock.send({ type: 'stock.categories.show', ids: shown.split(' ') });
  }, [stock, shown]);

  // A shared link, a reload, or Back/Forward: the machine searches what the address says (unless the field put
  // it there) and cuts a `q` over the limit.
  useEffect(() => {
    search?.send({ type: 'search.address', query: q });
  }, [q, search]);

  const status =
    view === 'prompt'
      ? SEARCH_PROMPT
      : view === 'searching'
        ? SEARCHING
        : view === 'results'
          ? resultCountText(results.length, resultsFor)
          : view === 'empty'
            ? noResultsText(resultsFor)
            : SEARCH_FAILED;

  const retry = () => {
    if (!search) return retryLoading();
    if (catalogFailed) catalog.send({ type: 'catalog.list.retry' });
    search.send({ type: 'search.submit', query: search.getSnapshot().context.query });
  };

  return (
    <Page>
      <PageTitle>Resultados da busca</PageTitle>
      {/* One polite live region for the whole visit: every new count or "nothing found" is read out. */}
      <Status role="status" aria-live="polite" aria-atomic="true">
        {status}
      </Status>
      {partial && (view === 'results' || view === 'empty') && <Note>{PARTIAL_RESULTS_NOTE}</Note>}
      {view === 'results' && (
        <Results key={resultsFor} products={results} kind="search" label={`Resultados para “${resultsFor}”`} />
      )}
      {view === 'empty' && categories.length > 0 && (
        <Suggestions aria-labelledby={suggestionsId}>
          <h2 id={suggestionsId}>Veja nossas categorias</h2>
          <ul>
            {categories.map((category) => (
              <li key={category.id}>
                <CategoryLink href={categoryPath(category.id)}>{category.displayName}</CategoryLink>
              </li>
            ))}
          </ul>
        </Suggestions>
      )}
      {view === 'failed' && (
        <Button type="button" onClick={retry}>
          Tentar novamente
        </Button>
      )}
    </Page>
  );
}
