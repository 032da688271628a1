import { keyframes, styled, visuallyHidden } from '../theme';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(248, 249, 250, 0.85)',
});

const Spinner = styled('div', {
  width: '56px',
  height: '56px',
  borderRadius: '$round',
  border: '6px solid $inputBackground',
  borderTopColor: '$primary',
  animation: `${spin} 0.9s linear infinite`,
  '@reducedMotion': { animationDuration: '3s' },
});

/**
 * The full-screen loading overlay of docs/requirements.md#layout: only over a page that has nothing to show yet (App.tsx decides),
 * never over content already on screen.
 */
export function LoadingOverlay() {
  return (
    <Backdrop role="status" aria-live="polite" data-testid="loading-overlay">
      <Spinner aria-hidden="true" />
      <span className={visuallyHidden()}>Carregando…</span>
    </Backdrop>
  );
}
