import { Link } from 'wouter';
import { paths } from '../paths';
import { styled } from '../theme';

const Bar = styled('footer', {
  marginTop: 'auto',
  background: '$dark',
  color: '$textLight',
  padding: '$4 $topBarPadding',
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: '$5', flexWrap: 'wrap' },
  '& a': { color: '$textLight', fontWeight: '$menu' },
});

/** Links that do not belong in the header (docs/requirements.md#header stays exactly as listed). */
export function Footer() {
  return (
    <Bar>
      <nav aria-label="Rodapé">
        <ul>
          <li>
            <Link href={paths.orders}>Meus pedidos</Link>
          </li>
        </ul>
      </nav>
    </Bar>
  );
}
