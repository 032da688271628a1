import { useId, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import {
  formatPriceParam,
  priceRangeLabel,
  productCountText,
  sameRange,
  typedPriceRange,
  type BrowseOrder,
  type PriceRange,
} from '../../domain/browse';
import type { BrowseActorRef } from '../../machines/browseMachine';
import { Button, styled, visuallyHidden } from '../../ui/theme';
import { BrowseBar, BrowseCount, WIDE } from './browseLayout';

export const EMPTY_RANGE_TEXT = 'Nenhum produto nessa faixa de preço.';

/** "Padrão" is the category's own order; on /search the list's own order is relevance. */
const orderLabels = (kind: 'category' | 'search'): Record<BrowseOrder, string> => ({
  padrao: kind === 'search' ? 'Relevância' : 'Padrão',
  'menor-preco': 'Menor preço',
  'maior-preco': 'Maior preço',
  nome: 'Nome (A–Z)',
});

const NARROW = '@media (max-width: 1099px)';

const Toggle = styled(Button, { padding: '$2 $4', [WIDE]: { display: 'none' } });

/** Folded below 1100 px until the toggle opens it; on wide screens two rows of fixed height (see BrowseBar). */
const Panel = styled('div', {
  display: 'none',
  [NARROW]: { '&[data-open]': { display: 'flex', flexDirection: 'column', gap: '$4', paddingTop: '$4' } },
  [WIDE]: { display: 'flex', flexDirection: 'column', gap: '16px' },
});

const Row = styled('div', {
  display: 'flex',
  alignItems: 'flex-end',
  gap: '$3 $5',
  [NARROW]: { flexDirection: 'column', alignItems: 'flex-start' },
  // A row never grows: a long band label scrolls the row sideways instead of moving the grid down.
  [WIDE]: { height: '72px', flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' },
});

const Field = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  flexShrink: 0,
  '& label': { fontWeight: 600 },
  '& select': {
    minHeight: '44px',
    padding: '$2 $3',
    border: '1px solid $textDark',
    borderRadius: '$1',
    background: '$surface',
    color: '$textDark',
    font: 'inherit',
  },
});

const Group = styled('fieldset', {
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  '& legend': { fontWeight: 600, padding: 0, marginBottom: '$1' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: '0 $4' },
  [WIDE]: { '& ul': { flexWrap: 'nowrap' } },
  '& li label': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '$2',
    minHeight: '44px',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
  },
  '& input[type="radio"]': { width: '20px', height: '20px', margin: 0 },
});

const RangeForm = styled('form', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '$2 $3',
  [WIDE]: { flexWrap: 'nowrap' },
  '& label': { display: 'flex', flexDirection: 'column', gap: '$1', fontSize: '$small', fontWeight: 600 },
  '& input': {
    width: '7.5rem',
    minHeight: '44px',
    padding: '$2 $3',
    border: '1px solid $textDark',
    borderRadius: '$1',
    background: '$inputBackground',
    color: '$textDark',
  },
  '& input[aria-invalid="true"]': { borderColor: '$error', borderWidth: '2px' },
  '& [role="alert"]': { margin: 0, color: '$errorText', fontSize: '$small', alignSelf: 'center' },
});

const SmallButton = styled(Button, { padding: '$2 $4', flexShrink: 0 });

const Empty = styled('div', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '$3',
  '& p': { margin: 0 },
});

const typedText = (end: number | null) => (end === null ? '' : String(end).replace('.', ','));

/** The "Mínimo"/"Máximo" pair. Holds only what is typed; the range goes to the machine on Aplicar. */
function PriceRangeForm({ browse, range }: { browse: BrowseActorRef; range: PriceRange | null }) {
  const [min, setMin] = useState(typedText(range?.min ?? null));
  const [max, setMax] = useState(typedText(range?.max ?? null));
  const [invalid, setInvalid] = useState(false);
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = typedPriceRange(min, max);
    setInvalid(typed === undefined);
    if (typed !== undefined) browse.send({ type: 'browse.price.choose', range: typed });
  };
  return (
    <RangeForm onSubmit={submit} aria-label="Faixa de preço" noValidate>
      <label>
        Mínimo (R$)
        <input
          inputMode="decimal"
          autoComplete="off"
          value={min}
          onChange={(e) => setMin(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${ids}-error` : undefined}
        />
      </label>
      <label>
        Máximo (R$)
        <input
          inputMode="decimal"
          autoComplete="off"
          value={max}
          onChange={(e) => setMax(e.target.value)}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${ids}-error` : undefined}
        />
      </label>
      <SmallButton type="submit" variant="inverted">
        Aplicar
      </SmallButton>
      {invalid && (
        <p id={`${ids}-error`} role="alert">
          Digite preços como 89,90 ou 150.
        </p>
      )}
    </RangeForm>
  );
}

/**
 * "Ordenar por", "Preço" (bands with counts), the min–max pair, "Limpar filtros" and the polite count of
 * /category/:id and /search. Renders the browse actor and sends it the shopper's choices; nothing more.
 */
export function BrowseControls({ browse, kind }: { browse: BrowseActorRef; kind: 'category' | 'search' }) {
  const view = useSelector(browse, (s) => s.context.view);
  const bands = useSelector(browse, (s) => s.context.bands);
  const total = useSelector(browse, (s) => s.context.products.length);
  const count = useSelector(browse, (s) => s.context.visible.length);
  const [open, setOpen] = useState(false);
  const ids = useId();
  const labels = orderLabels(kind);
  const chooseRange = (range: PriceRange | null) => browse.send({ type: 'browse.price.choose', range });

  return (
    <>
      <BrowseBar aria-labelledby={`${ids}-title`} data-open={open ? '' : undefined}>
        <h2 id={`${ids}-title`} className={visuallyHidden()}>
          Filtrar e ordenar
        </h2>
        <Toggle
          type="button"
          variant="inverted"
          aria-expanded={open}
          aria-controls={`${ids}-panel`}
          onClick={() => setOpen((o) => !o)}
        >
          Filtrar e ordenar
        </Toggle>
        <Panel id={`${ids}-panel`} data-open={open ? '' : undefined}>
          <Row>
            <Field>
              <label htmlFor={`${ids}-order`}>Ordenar por</label>
              <select
                id={`${ids}-order`}
                value={view.order}
                onChange={(e) => browse.send({ type: 'browse.order.choose', order: e.target.value as BrowseOrder })}
              >
                {(Object.keys(labels) as BrowseOrder[]).map((order) => (
                  <option key={order} value={order}>
                    {labels[order]}
                  </option>
                ))}
              </select>
            </Field>
            <Group>
              <legend>Preço</legend>
              <ul>
                <li>
                  <label>
                    <input
                      type="radio"
                      name={`${ids}-price`}
                      checked={view.price === null}
                      onChange={() => chooseRange(null)}
                    />
                    Todos os preços ({total})
                  </label>
                </li>
                {bands.map((band) => (
                  <li key={formatPriceParam(band.range)}>
                    <label>
                      <input
                        type="radio"
                        name={`${ids}-price`}
                        checked={sameRange(view.price, band.range)}
                        onChange={() => chooseRange(band.range)}
                      />
                      {band.label} ({band.count})
                    </label>
                  </li>
                ))}
                {view.price !== null && !bands.some((band) => sameRange(band.range, view.price)) && (
                  <li>
                    <label>
                      <input type="radio" name={`${ids}-price`} checked readOnly />
                      {priceRangeLabel(view.price)} ({count})
                    </label>
                  </li>
                )}
              </ul>
            </Group>
          </Row>
          <Row>
            <PriceRangeForm
              key={view.price ? formatPriceParam(view.price) : 'all'}
              browse={browse}
              range={view.price}
            />
            <SmallButton type="button" variant="inverted" onClick={() => browse.send({ type: 'browse.clear' })}>
              Limpar filtros
            </SmallButton>
          </Row>
        </Panel>
      </BrowseBar>
      {/* Polite: a new count is read out after the shopper's choice, without interrupting. Not role="status":
          /search already has one status (the search's own), and one per page keeps it unambiguous. */}
      <BrowseCount aria-live="polite" aria-atomic="true" data-testid="browse-count">
        {productCountText(count)}
      </BrowseCount>
    </>
  );
}

/** The empty range's message and its way back; the list itself is drawn by BrowseSlot's grid. */
export function BrowseEmpty({ browse }: { browse: BrowseActorRef }) {
  const empty = useSelector(browse, (s) => s.hasTag('empty'));
  if (!empty) return null;
  return (
    <Empty>
      <p>{EMPTY_RANGE_TEXT}</p>
      <Button
        type="button"
        variant="inverted"
        onClick={() => browse.send({ type: 'browse.price.choose', range: null })}
      >
        Ver todos os preços
      </Button>
    </Empty>
  );
}
