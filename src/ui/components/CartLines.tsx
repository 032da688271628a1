import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { formatBRL, lineTotal, type CartItem } from '../../domain';
import { isAtStockLimit, isSoldOut } from '../../domain/cartStock';
import { STOCK_MESSAGES, type StockByProduct } from '../../domain/stock';
import { selectCartItems, selectCartStock, selectCartTotal, selectSoldOutItems } from '../selectors';
import { useServices } from '../services';
import { styled, visuallyHidden } from '../theme';
import { StockBadge } from './StockBadge';

const List = styled('ul', { listStyle: 'none', margin: 0, padding: 0 });

const Line = styled('li', {
  display: 'grid',
  gridTemplateColumns: '72px 1fr auto',
  gridTemplateAreas: '"image name remove" "image qty price"',
  alignItems: 'center',
  gap: '$2 $3',
  padding: '$3 0',
  borderBottom: '1px solid $border',
});

const Thumb = styled('img', {
  gridArea: 'image',
  width: '72px',
  height: '90px',
  objectFit: 'cover',
  borderRadius: '$1',
  background: '$inputBackground',
});

const NameBox = styled('div', { gridArea: 'name', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '$2' });
const Name = styled('span', { fontWeight: 600 });
// Under the quantity, across the line: "Só temos 2 unidades".
const Note = styled('p', { gridColumn: '2 / -1', margin: 0, fontSize: '$small', color: '$errorText', fontWeight: 600 });
const SoldOutNotes = styled('div', {
  margin: '$3 0 0',
  '& p': { margin: '0 0 $2', color: '$errorText', fontWeight: 600 },
});
const Price = styled('span', { gridArea: 'price', fontWeight: 600, whiteSpace: 'nowrap' });

const Quantity = styled('div', { gridArea: 'qty', display: 'inline-flex', alignItems: 'center', gap: '$2' });

const IconButton = styled('button', {
  width: '36px',
  height: '36px',
  display: 'inline-grid',
  placeItems: 'center',
  border: '1px solid $border',
  borderRadius: '$1',
  background: '$surface',
  color: '$textDark',
  fontSize: '1.125rem',
  lineHeight: 1,
  cursor: 'pointer',
  '&:hover:not(:disabled)': { background: '$inputBackground' },
  '&:disabled': { opacity: 0.65, cursor: 'not-allowed' },
});

const Remove = styled(IconButton, { gridArea: 'remove', border: 'none' });

const TotalRow = styled('p', {
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: '1.25rem',
  fontWeight: 700,
  margin: '$4 0',
});

function CartLine({ item, stock }: { item: CartItem; stock: StockByProduct }) {
  const { cart } = useServices();
  const noteId = useId();
  const soldOut = isSoldOut(item, stock);
  const atLimit = isAtStockLimit(item, stock);
  return (
    <Line data-testid="cart-line">
      <Thumb src={item.imageUrl} alt="" width={72} height={90} loading="lazy" decoding="async" />
      <NameBox>
        <Name>{item.name}</Name>
        {soldOut && <StockBadge level="soldOut" />}
      </NameBox>
      <Quantity>
        <IconButton
          type="button"
          aria-label={`Diminuir quantidade de ${item.name}`}
          onClick={() => cart.send({ type: 'cart.decrease', productId: item.id })}
        >
          −
        </IconButton>
        <span>
          <span className={visuallyHidden()}>Quantidade: </span>
          <span data-testid="cart-line-quantity">{item.quantity}</span>
        </span>
        <IconButton
          type="button"
          aria-label={`Aumentar quantidade de ${item.name}`}
          // At the units left (or sold out) the machine adds nothing; the button says so and why.
          disabled={atLimit || soldOut}
          aria-describedby={atLimit ? noteId : undefined}
          onClick={() => cart.send({ type: 'cart.increase', productId: item.id })}
        >
          +
        </IconButton>
      </Quantity>
      <Price>{formatBRL(lineTotal(item))}</Price>
      <Remove
        type="button"
        aria-label={`Remover ${item.name} do carrinho`}
        onClick={() => cart.send({ type: 'cart.remove', productId: item.id })}
      >
        ✕
      </Remove>
      {atLimit && (
        <Note id={noteId} data-testid="cart-line-stock">
          {STOCK_MESSAGES.onlyLeft(stock[item.id]!)}
        </Note>
      )}
    </Line>
  );
}

export const EMPTY_CART_MESSAGE = 'Seu carrinho está vazio!';

/** The cart's lines with quantity controls and the total; used by the side panel and the checkout page. */
export function CartLines({ label }: { label: string }) {
  const { cart } = useServices();
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartTotal);
  const stock = useSelector(cart, selectCartStock);
  const soldOut = useSelector(cart, selectSoldOutItems);

  if (items.length === 0) return <p>{EMPTY_CART_MESSAGE}</p>;
  return (
    <>
      <List aria-label={label}>
        {items.map((item) => (
          <CartLine key={item.id} item={item} stock={stock} />
        ))}
      </List>
      {/* Always there, so a line that runs out while the cart is open is announced. */}
      <SoldOutNotes role="status">
        {soldOut.map((item) => (
          <p key={item.id}>{STOCK_MESSAGES.soldOutLine(item.name)}</p>
        ))}
      </SoldOutNotes>
      <TotalRow data-testid="cart-total">
        <span>Total</span>
        <span>{formatBRL(total)}</span>
      </TotalRow>
    </>
  );
}
