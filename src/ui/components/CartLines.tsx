import { useSelector } from '@xstate/react';
import { formatBRL, lineTotal, type CartItem } from '../../domain';
import { selectCartItems, selectCartTotal } from '../selectors';
import { useServices } from '../services';
import { styled, visuallyHidden } from '../theme';

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

const Name = styled('span', { gridArea: 'name', fontWeight: 600 });
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
  '&:hover': { background: '$inputBackground' },
});

const Remove = styled(IconButton, { gridArea: 'remove', border: 'none' });

const TotalRow = styled('p', {
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: '1.25rem',
  fontWeight: 700,
  margin: '$4 0',
});

function CartLine({ item }: { item: CartItem }) {
  const { cart } = useServices();
  return (
    <Line data-testid="cart-line">
      <Thumb src={item.imageUrl} alt="" width={72} height={90} loading="lazy" decoding="async" />
      <Name>{item.name}</Name>
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
    </Line>
  );
}

export const EMPTY_CART_MESSAGE = 'Seu carrinho está vazio!';

/** The cart's lines with quantity controls and the total; used by the side panel and the checkout page. */
export function CartLines({ label }: { label: string }) {
  const { cart } = useServices();
  const items = useSelector(cart, selectCartItems);
  const total = useSelector(cart, selectCartTotal);

  if (items.length === 0) return <p>{EMPTY_CART_MESSAGE}</p>;
  return (
    <>
      <List aria-label={label}>
        {items.map((item) => (
          <CartLine key={item.id} item={item} />
        ))}
      </List>
      <TotalRow data-testid="cart-total">
        <span>Total</span>
        <span>{formatBRL(total)}</span>
      </TotalRow>
    </>
  );
}
