// The browse controls' box and count, the same before the chunk arrives (browseSlot.tsx) and after (BrowseControls).
import { styled } from '../../ui/theme';

/** Wide screens show the controls in two rows; narrower ones fold them under "Filtrar e ordenar". */
export const WIDE = '@media (min-width: 1100px)';

/**
 * The controls' box. Its height is fixed while folded, and the same before the controls arrive (the prerendered
 * page, the chunk loading), so nothing below it moves when they do.
 */
export const BrowseBar = styled('section', {
  height: '44px',
  marginBottom: '$4',
  [WIDE]: { height: '160px' },
  '&[data-open]': { height: 'auto' },
});

export const BrowseCount = styled('p', { margin: '0 0 $4', fontWeight: 600, lineHeight: '24px' });
