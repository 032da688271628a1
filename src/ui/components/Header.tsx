import type { Ref } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { CART_UNSAVED_MESSAGE } from '../../machines/cartMachine';
import { paths } from '../paths';
import { useHydrated } from '../hooks/useHydrated';
import { selectCartCount, selectIsCartUnsaved, selectIsPanelOpen, selectLoggedIn } from '../selectors';
import { useServices } from '../services';
import { styled } from '../theme';

const Bar = styled('header', {
  background: '$dark',
  color: '$textLight',
  padding: '$topBarPadding',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  '@phone': { '& > nav': { width: '100%' } },
});

const Brand = styled(Link, {
  color: '$textLight',
  fontSize: '$title',
  fontWeight: '$title',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

const Menu = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  // docs/requirements.md#appearance: 40px right margin on the menu items before the cart button. Phones: a row of their own, with
  // tighter gaps and the cart button at the right end. The logged-out row needs 316 px, which a 360 px phone
  // has; on a narrower screen the cart button wraps to a second line instead of sticking out of the page.
  '& > li:not(:last-child)': { marginRight: '$menuGap' },
  '@phone': {
    rowGap: '$1',
    '& > li:not(:last-child)': { marginRight: '$2' },
    '& > li:last-child': { marginLeft: 'auto' },
  },
});

const menuItem = {
  color: '$textLight',
  fontSize: '$menu',
  fontWeight: '$menu',
  textDecoration: 'none',
  background: 'none',
  border: 'none',
  padding: '$2 0',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  '&:hover': { textDecoration: 'underline' },
} as const;

const MenuLink = styled(Link, menuItem);
const MenuButton = styled('button', menuItem);

const CartButton = styled('button', {
  ...menuItem,
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2',
  '&:hover': {},
  '@phone': { padding: '$2 $1', gap: '$1' },
});

// Wide enough for two digits in the widest system font here (DejaVu Sans Bold: "12" is 18 px), so the count
// restored after hydration does not widen the badge and move the right-aligned cart button (a layout shift).
const Count = styled('span', {
  minWidth: '1.75rem',
  fontVariantNumeric: 'tabular-nums',
  height: '1.5rem',
  padding: '0 $1',
  borderRadius: '$round',
  background: '$textLight',
  color: '$dark',
  fontSize: '$small',
  fontWeight: 700,
  display: 'inline-grid',
  placeItems: 'center',
});

function BagIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M5 8h14l-1 13H6L5 8Zm4 0V6a3 3 0 0 1 6 0v2"
      />
    </svg>
  );
}

// Below the bar, on every page: the cart is kept in this tab only because the browser refuses to save it.
const StorageWarning = styled('p', {
  margin: 0,
  padding: '$2 $4',
  background: '$inputBackground',
  color: '$textDark',
  borderBottom: '1px solid $border',
  fontSize: '$small',
});

/** Said once, politely, while the cart machine is `unsaved`; gone when a save works again. */
export function CartStorageWarning() {
  const { cart } = useServices();
  const unsaved = useSelector(cart, selectIsCartUnsaved);
  return unsaved ? (
    <StorageWarning role="status" data-testid="cart-storage-warning">
      {CART_UNSAVED_MESSAGE}
    </StorageWarning>
  ) : null;
}

export function cartButtonLabel(count: number): string {
  return `Carrinho (${count} ${count === 1 ? 'item' : 'itens'})`;
}

export function Header({ cartButtonRef }: { cartButtonRef: Ref<HTMLButtonElement> }) {
  const { auth, cart } = useServices();
  // The saved cart and the session live in this browser only: a prerendered page shows the logged-out
  // header with 0 until it has hydrated, then the real values (the badge keeps its width: no layout shift).
  const hydrated = useHydrated();
  const loggedIn = useSelector(auth, selectLoggedIn) && hydrated;
  const savedCount = useSelector(cart, selectCartCount);
  const count = hydrated ? savedCount : 0;
  const panelOpen = useSelector(cart, selectIsPanelOpen);

  return (
    <>
      <Bar>
        <Brand href={paths.home}>Club Clothing</Brand>
        <nav aria-label="Principal">
          <Menu>
            <li>
              <MenuLink href={paths.explore}>Explorar</MenuLink>
            </li>
            {loggedIn ? (
              <li>
                <MenuButton type="button" onClick={() => auth.send({ type: 'auth.signOut' })}>
                  Sair
                </MenuButton>
              </li>
            ) : (
              <>
                <li>
                  <MenuLink href={paths.login}>Login</MenuLink>
                </li>
                <li>
                  <MenuLink href={paths.signUp}>Criar Conta</MenuLink>
                </li>
              </>
            )}
            <li>
              <CartButton
                ref={cartButtonRef}
                type="button"
                aria-label={cartButtonLabel(count)}
                aria-haspopup="dialog"
                aria-expanded={panelOpen}
                onClick={() => cart.send({ type: 'cart.panel.open' })}
              >
                <BagIcon />
                <Count aria-hidden="true">{count}</Count>
              </CartButton>
            </li>
          </Menu>
        </nav>
      </Bar>
      <CartStorageWarning />
    </>
  );
}
