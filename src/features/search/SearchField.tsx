import { useId, useState, type ChangeEvent, type FormEvent, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useSelector } from '@xstate/react';
import { paths } from '../../ui/paths';
import { selectSearchHint, selectSearchQuery } from '../../ui/selectors';
import { styled, visuallyHiddenStyle } from '../../ui/theme';
import { useSearchActor, type SearchLoad } from './searchActors';
import { SEARCH_BAR_HEIGHT, SEARCH_BAR_ID } from './searchLayout';

/** A bar of its own under the top bar, so the header (docs/requirements.md#header) keeps exactly its items. */
const Bar = styled('div', {
  background: '$surface',
  borderBottom: '1px solid $border',
  padding: '$3 $4',
  minHeight: `${SEARCH_BAR_HEIGHT}px`,
  '@tablet': { padding: '$3 $5' },
});

const Form = styled('form', { maxWidth: '$content', margin: '0 auto' });

const Row = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2 $3',
  // One row at every width, so the bar's height is known before this chunk arrives (SearchSlot reserves it).
  '& label': { fontWeight: 600, whiteSpace: 'nowrap' },
  // On a phone the visible label left the field about 60 px of a 375 px screen, three letters of what was typed:
  // there the label is for screen readers only, and the placeholder and the Buscar button say what the field is.
  '@phone': { '& label': visuallyHiddenStyle },
});

const Field = styled('div', { flex: 1, display: 'flex', gap: '$2', minWidth: 0 });

const Input = styled('input', {
  flex: 1,
  minWidth: 0,
  minHeight: '44px',
  padding: '$2 $3',
  border: '1px solid $border',
  borderRadius: '$1',
  background: '$inputBackground',
  color: '$textDark',
});

const Submit = styled('button', {
  minHeight: '44px',
  padding: '$2 $4',
  border: '2px solid $primary',
  borderRadius: '$1',
  background: '$primary',
  color: '$textLight',
  fontWeight: '$menu',
  cursor: 'pointer',
  '&:hover': { background: '$surface', color: '$primary' },
});

// Always in the page (an empty paragraph takes no room), so screen readers already watch it when the hint appears.
const Hint = styled('p', { margin: 0, fontSize: '$small', '&:not(:empty)': { marginTop: '$2' } });

export const BLANK_QUERY_HINT = 'Digite o nome de um produto ou de uma categoria para buscar.';

/**
 * The search field, on every page. Typing searches as you type (the machine debounces); the machine also keeps
 * the address on `/search?q=…` (searchMachine's address policy: the first keystroke elsewhere opens the results
 * page, Enter commits the entry). Esc empties the field. Without JavaScript (before hydration the early script of
 * src/earlyClicks.ts holds an Enter for the machine), or if the search code could not be loaded, the form itself
 * submits to /search?q=.
 */
export default function SearchField({ load }: { load: SearchLoad }) {
  const { search } = useSearchActor(load, { takesEarlyInput: true });
  // What is typed in the moment before the machine runs (it starts right after this chunk arrives); the machine
  // receives it then from the early script, which sees every keystroke until that moment.
  const [early, setEarly] = useState('');
  const machineQuery = useSelector(search ?? undefined, (s) => (s ? selectSearchQuery(s) : ''));
  const hinting = useSelector(search ?? undefined, (s) => (s ? selectSearchHint(s) : false));
  const query = search ? machineQuery : early;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    if (search) search.send({ type: 'search.type', query: event.target.value });
    else setEarly(event.target.value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Without the machine (its code failed to load) the browser submits the form: /search?q= still works.
    if (!search) return;
    event.preventDefault();
    search.send({ type: 'search.enter', query });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape' || query === '' || !search) return;
    event.preventDefault();
    search.send({ type: 'search.escape' });
  };

  return (
    <SearchForm
      input={{ value: query, onChange, onKeyDown }}
      onSubmit={onSubmit}
      hint={hinting ? BLANK_QUERY_HINT : ''}
    />
  );
}

/** The form itself: a GET form to /search?q= that the handlers take over. */
function SearchForm({
  input,
  onSubmit,
  hint = '',
}: {
  input: Pick<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onKeyDown'>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  hint?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  return (
    <Bar id={SEARCH_BAR_ID}>
      <Form role="search" action={paths.search} method="get" onSubmit={onSubmit}>
        <Row>
          <label htmlFor={inputId}>Buscar produtos</label>
          <Field>
            <Input
              id={inputId}
              type="search"
              name="q"
              {...input}
              placeholder="Tênis, calça, jaqueta…"
              autoComplete="off"
              enterKeyHint="search"
              aria-describedby={hintId}
            />
            <Submit type="submit">Buscar</Submit>
          </Field>
        </Row>
        <Hint id={hintId} aria-live="polite">
          {hint}
        </Hint>
      </Form>
    </Bar>
  );
}
