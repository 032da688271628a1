import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Product } from '../../domain';
import { styled } from '../theme';
import { ProductCard, ProductGrid, type ImageLoading } from './ProductCard';

/** Columns per row at the widest layout: the first row's images are fetched first. */
const FIRST_ROW = 4;
/**
 * Cards whose images load eagerly: the first screen of a desktop (two rows of four). A lazy image in view waits
 * for layout, arrives after the page's scripts have started, and is painted late: on a 1350 × 940 screen the
 * largest image was a second-row card's, and it held the page's LCP back.
 */
const FIRST_SCREEN = 8;

const imageLoading = (index: number): ImageLoading =>
  index < FIRST_ROW ? 'priority' : index < FIRST_SCREEN ? 'eager' : 'lazy';

/**
 * Categories up to this size render every card. Beyond it the grid is windowed: with 2,000 cards in the DOM
 * (the bench's large category) the first render took seconds and scrolling ran 100–240 ms tasks, even with
 * content-visibility; a window keeps a few screens of cards mounted whatever the category's size.
 */
export const WINDOW_FROM = 120;
/** Cards rendered before the grid can be measured (enough for a tall desktop screen). */
const FIRST_WINDOW = 24;
/** Rows kept mounted above and below the viewport, in pixels. */
const OVERSCAN_PX = 1_000;

// In a windowed grid every row has the same height (names on one line), so spacer heights are exact.
const WindowedGrid = styled(ProductGrid, {
  '& h2, & h3': { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
});

interface Range {
  start: number;
  end: number;
  /** Space standing in for the rows above and below the window. */
  before: number;
  after: number;
}

/** What a measure of the grid found: its columns, its row height and the visible span, in px from its top. */
interface Metrics {
  columns: number;
  rowHeight: number;
  from: number;
  to: number;
}

const sameMetrics = (a: Metrics | null, b: Metrics) =>
  a !== null && a.columns === b.columns && a.rowHeight === b.rowHeight && a.from === b.from && a.to === b.to;

/**
 * The cards to mount for `total` products. Worked out in render from the last measure, so a new list (a price
 * band, another order) is drawn in one commit with its final window: no layout read and no second render.
 */
function windowFor(total: number, metrics: Metrics | null): Range {
  if (!metrics) return { start: 0, end: Math.min(total, FIRST_WINDOW), before: 0, after: 0 };
  const { columns, rowHeight, from, to } = metrics;
  const rows = Math.ceil(total / columns);
  if (rows === 0) return { start: 0, end: 0, before: 0, after: 0 };
  // Row r starts at the grid's top + r × rowHeight: the padding above stands in for the rows before the window.
  const clamp = (row: number) => Math.min(rows - 1, Math.max(0, row));
  const firstRow = clamp(Math.floor(from / rowHeight));
  const lastRow = clamp(Math.ceil(to / rowHeight));
  return {
    start: firstRow * columns,
    end: Math.min(total, (lastRow + 1) * columns),
    before: firstRow * rowHeight,
    after: (rows - lastRow - 1) * rowHeight,
  };
}

/** `windowed` is which grid element is mounted: a list that grows past WINDOW_FROM swaps it, and the new one is measured. */
function useGridWindow(total: number, enabled: boolean, windowed: boolean) {
  const gridRef = useRef<HTMLUListElement>(null);
  const [metrics, setMetrics] = useState<Metrics | null>(null);

  // Measured on arrival, on scroll and on resize only: the grid's top does not move when its list changes (the
  // controls above it keep their height), and every row has the same height.
  useLayoutEffect(() => {
    const grid = gridRef.current;
    if (!enabled || !grid) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const first = grid.firstElementChild;
      if (!first) return;
      const style = getComputedStyle(grid);
      const columns = Math.max(1, style.gridTemplateColumns.split(' ').filter(Boolean).length);
      const rowHeight = first.getBoundingClientRect().height + (parseFloat(style.rowGap) || 0);
      if (rowHeight <= 0) return;
      const top = grid.getBoundingClientRect().top;
      const next = { columns, rowHeight, from: -top - OVERSCAN_PX, to: window.innerHeight - top + OVERSCAN_PX };
      setMetrics((previous) => (sameMetrics(previous, next) ? previous : next));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [enabled, windowed]);

  return { gridRef, metrics };
}

/** Whether the last row of `total` cards lies within the measured span (the viewport and its overscan). */
const reachesEnd = (total: number, metrics: Metrics | null) =>
  metrics !== null && Math.ceil(metrics.to / metrics.rowHeight) >= Math.ceil(total / metrics.columns) - 1;

// A card re-renders only when its product or its place among the first ones changes (a sort moves the others).
const Card = memo(ProductCard);

/**
 * The category page's product grid (docs/requirements.md#limits: 4 columns), windowed for very large categories. `hidden` keeps its
 * place without painting it (a view the address asks for is on its way).
 */
export function CategoryProducts({
  products,
  label,
  hidden = false,
  onNearEnd,
}: {
  products: readonly Product[];
  label: string;
  hidden?: boolean;
  /** Called when the cards in view (with their overscan) reach the last row, and again as the list grows. */
  onNearEnd?: () => void;
}) {
  const windowed = products.length > WINDOW_FROM;
  // A grid that can grow is measured whatever its size, to tell when the shopper nears its end.
  const { gridRef, metrics } = useGridWindow(products.length, windowed || onNearEnd !== undefined, windowed);
  const range = windowed
    ? windowFor(products.length, metrics)
    : { start: 0, end: products.length, before: 0, after: 0 };
  const nearEnd = onNearEnd !== undefined && reachesEnd(products.length, metrics);
  useEffect(() => {
    if (nearEnd) onNearEnd();
  }, [nearEnd, products.length, onNearEnd]);
  const Grid = windowed ? WindowedGrid : ProductGrid;
  const style =
    windowed || hidden
      ? {
          ...(windowed && { paddingTop: range.before, paddingBottom: range.after }),
          ...(hidden && { visibility: 'hidden' as const }),
        }
      : undefined;
  return (
    <Grid ref={gridRef} aria-label={label} style={style}>
      {products.slice(range.start, range.end).map((product, offset) => (
        // Windowed, a card is its place in the list: a new order or band fills the cards already in the DOM
        // instead of replacing every one of them (scrolling still adds and drops whole rows). Below that, its
        // product: a reorder moves the cards, images and all.
        <Card
          key={windowed ? range.start + offset : product.id}
          product={product}
          image={imageLoading(range.start + offset)}
        />
      ))}
    </Grid>
  );
}
