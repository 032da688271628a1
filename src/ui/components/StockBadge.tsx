import { useSelector } from '@xstate/react';
import { STOCK_MESSAGES, type StockLevel } from '../../domain/stock';
import { selectStockLevel } from '../selectors';
import { useServices } from '../services';
import { styled } from '../theme';

// Real text, in words (never a colour alone): white on the shop's dark (15:1), or the error red on white (6:1).
export const Badge = styled('span', {
  display: 'inline-block',
  padding: '2px $2',
  borderRadius: '$1',
  fontSize: '$small',
  fontWeight: 700,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  variants: {
    level: {
      soldOut: { background: '$dark', color: '$textLight', border: '1px solid $dark' },
      low: { background: '$surface', color: '$errorText', border: '1px solid $errorText' },
    },
  },
});

/** The live stock level of a product, as the stock actor knows it (untracked until read). */
export function useStockLevel(productId: string): StockLevel {
  const { stock } = useServices();
  return useSelector(stock, selectStockLevel(productId));
}

/**
 * "Esgotado" or "Últimas unidades", or nothing. `id` names it for the disabled button's `aria-describedby`. Its
 * place is kept by the layout around it (over a card's image, beside a price), so its arrival moves nothing.
 */
export function StockBadge({ level, id }: { level: StockLevel; id?: string }) {
  if (level === 'soldOut')
    return (
      <Badge level="soldOut" id={id}>
        {STOCK_MESSAGES.soldOut}
      </Badge>
    );
  if (level === 'low')
    return (
      <Badge level="low" id={id}>
        {STOCK_MESSAGES.low}
      </Badge>
    );
  return null;
}
