import { keyframes, styled, visuallyHidden } from '../theme';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });
const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

const Backdrop = styled('div', {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  display: 'grid',
  placeItems: 'center',
  background: 'rgba(248, 249, 250, 0.85)',
  variants: {
    // Over content already on screen: invisible for a moment (a quick auth answer never flashes it), lighter,
    // and clicks go through to the page underneath.
    veil: {
      true: {
        pointerEvents: 'none',
        background: 'rgba(248, 249, 250, 0.6)',
        animation: `${fadeIn} 0.2s ease-out 0.5s both`,
        '@reducedMotion': { animation: `${fadeIn} 0s linear 0.5s both` },
      },
    },
  },
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

/** The full-screen loading overlay of SPEC §2. */
export function LoadingOverlay({ veil = false }: { veil?: boolean }) {
  return (
    <Backdrop role="status" aria-live="polite" data-testid="loading-overlay" veil={veil}>
      <Spinner aria-hidden="true" />
      <span className={visuallyHidden()}>Carregando…</span>
    </Backdrop>
  );
}
